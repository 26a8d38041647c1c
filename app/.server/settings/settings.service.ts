import { randomBytes } from "node:crypto";
import { SETTING_KEYS, type SettingKey, type SiteSettings, settingsFromStored } from "~/lib/site-settings";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { iso } from "../time";
import { insertSettingIfAbsent, selectLatestSave, selectSettingValue, selectSettingValues, upsertSettings } from "./settings.queries";
import { settingsCache } from "./settings-cache";

/**
 * A server secret (32 random bytes) stored in the settings table under
 * "secret:<name>" as a JSON string, created on first use. It lives in the
 * database rather than in the environment so every instance sharing the
 * database signs and verifies with the same key, and a backup carries it.
 * Settings screens must never show keys starting with "secret:".
 */
/**
 * Replaces a secret with a fresh one (`portal keys:rotate`): what the old one signed stops
 * verifying once each instance has read the new one (signed-links.ts reads it again every
 * minute). Recorded in the activity log, without the value.
 */
export async function rotateSecret(ctx: AppContext, name: string): Promise<void> {
  const now = iso(ctx.now());
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const value = JSON.stringify(randomBytes(32).toString("base64url"));
    await upsertSettings(trx, [{ key: `secret:${name}`, value, updated_at: now, updated_by: null }]);
    await logActivity(ctx, { action: "SIGNING_KEY_ROTATED", entityType: "SECURITY", details: { key: name } }, trx);
  });
}

export async function getOrCreateSecret(ctx: AppContext, name: string): Promise<Buffer> {
  const key = `secret:${name}`;
  let stored = await selectSettingValue(ctx.db.kysely, key);
  if (stored === undefined) {
    const fresh = JSON.stringify(randomBytes(32).toString("base64url"));
    // Two instances may race here: the insert that lands first wins and both read it back.
    await insertSettingIfAbsent(ctx.db.kysely, { key, value: fresh, updated_at: iso(ctx.now()) });
    stored = await selectSettingValue(ctx.db.kysely, key);
  }
  const value: unknown = stored === undefined ? undefined : JSON.parse(stored);
  if (typeof value !== "string" || value.length < 43) throw new Error(`The setting ${key} is not a valid secret`);
  return Buffer.from(value, "base64url");
}

// The site settings of the admin Settings screen (admin-and-sharing section 3) -------------------

const siteSettings = settingsCache((ctx) => selectSettingValues(ctx.db.kysely, SETTING_KEYS).then(settingsFromStored));

/** The site settings (defaults for what was never saved), cached for a few seconds per context. */
export function readSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  return siteSettings.read(ctx);
}

/**
 * Saves every setting (one row each, JSON value, who and when) in one transaction, records which
 * ones changed, and tells open public pages to reload (the event carries nothing but its name).
 */
export async function saveSiteSettings(
  ctx: AppContext,
  settings: SiteSettings,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<SettingKey[]> {
  const before = settingsFromStored(await selectSettingValues(ctx.db.kysely, SETTING_KEYS));
  const updatedAt = iso(ctx.now());
  const rows = SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(settings[key]), updated_at: updatedAt, updated_by: actor.id }));
  await ctx.db.kysely.transaction().execute((trx) => upsertSettings(trx, rows));
  siteSettings.drop(ctx);
  const changed = SETTING_KEYS.filter((key) => before[key] !== settings[key]);
  await logActivity(ctx, { action: "SETTINGS_UPDATED", entityType: "SETTINGS", userId: actor.id, details: { changed }, meta });
  ctx.events.publish({ type: "settings.changed", audience: "public", data: {} });
  return changed;
}

/** When the settings were last saved and by whom, for the Settings screen; null if never. */
export async function settingsLastSaved(ctx: AppContext): Promise<{ at: string; by: string | null } | null> {
  const row = await selectLatestSave(ctx.db.kysely, SETTING_KEYS);
  return row ? { at: row.updated_at, by: row.email } : null;
}
