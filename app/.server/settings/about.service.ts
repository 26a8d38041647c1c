import { ABOUT_SECTIONS, ABOUT_SETTING_KEYS, type AboutSection, type AboutText, aboutFromStored } from "~/lib/about-text";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { iso } from "../time";
import { deleteSettings, selectSettingValues, upsertSettings } from "./settings.queries";
import { settingsCache } from "./settings-cache";

/**
 * The About text (/about and the home page's About tabs), kept in settings rows like the site
 * settings and read the same way (decision 0009): cached a few seconds per instance, the cache
 * dropped when a settings.changed event passes the bus, which on PostgreSQL arrives from the other
 * instances too; saving publishes that event, so open public pages reload with the new text.
 */

const KEYS = ABOUT_SECTIONS.map((s) => ABOUT_SETTING_KEYS[s.key]);
const aboutText = settingsCache((ctx) => selectSettingValues(ctx.db.kysely, KEYS).then(aboutFromStored));

export function readAboutText(ctx: AppContext): Promise<AboutText> {
  return aboutText.read(ctx);
}

async function changed(ctx: AppContext, details: Record<string, unknown>, actor: { id: string }, meta?: RequestMeta): Promise<void> {
  aboutText.drop(ctx);
  await logActivity(ctx, { action: "SETTINGS_UPDATED", entityType: "SETTINGS", userId: actor.id, details, meta });
  ctx.events.publish({ type: "settings.changed", audience: "public", data: {} });
}

/** Saves all three sections in one transaction; returns the sections whose text changed. */
export async function saveAboutText(ctx: AppContext, text: AboutText, actor: { id: string }, meta?: RequestMeta): Promise<AboutSection[]> {
  const before = aboutFromStored(await selectSettingValues(ctx.db.kysely, KEYS));
  const updatedAt = iso(ctx.now());
  const rows = ABOUT_SECTIONS.map(({ key }) => ({
    key: ABOUT_SETTING_KEYS[key],
    value: JSON.stringify(text[key]),
    updated_at: updatedAt,
    updated_by: actor.id,
  }));
  await ctx.db.kysely.transaction().execute((trx) => upsertSettings(trx, rows));
  const sections = ABOUT_SECTIONS.map((s) => s.key).filter((key) => before[key] !== text[key]);
  await changed(ctx, { about: "saved", changed: sections }, actor, meta);
  return sections;
}

/** Back to the shipped text: the saved row is removed, so a later portal's default applies too. */
export async function restoreAboutDefault(
  ctx: AppContext,
  section: AboutSection,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<void> {
  await deleteSettings(ctx.db.kysely, [ABOUT_SETTING_KEYS[section]]);
  await changed(ctx, { about: "restored", changed: [section] }, actor, meta);
}
