import { asMenuIcon, FALLBACK_CONTACTS, FALLBACK_MENU, type StoredContact, type StoredMenuItem } from "~/lib/site";
import { DEFAULT_SETTINGS, type SiteSettings } from "~/lib/site-settings";
import type { AppContext } from "../context";
import { readSiteSettings } from "../settings/settings.service";
import { selectActiveMenu, selectPublicContacts } from "./site.queries";

/**
 * Every text here in both languages as staff stored them: a page picks its language's with
 * menuText, contactsText, siteNameText and siteDescriptionText (lib/site*.ts).
 */
export interface SiteChrome {
  menu: StoredMenuItem[];
  contacts: StoredContact[];
  /** The site name and description of the admin settings (defaults until saved). */
  siteName: string;
  siteDescription: string;
  /** The same in Somali; empty when staff gave none. */
  siteNameSo: string;
  siteDescriptionSo: string;
}

/**
 * The navigation menu and public contacts every public page shows. Failures
 * are only logged and the spec's defaults used (public-portal section 8,
 * "Silent failures").
 */
export async function siteChrome(ctx: AppContext): Promise<SiteChrome> {
  const [menu, contacts, settings] = await Promise.all([
    selectActiveMenu(ctx.db.kysely).catch((error: unknown) => {
      ctx.log.warn({ err: error }, "navigation menu unavailable; using the default menu");
      return [];
    }),
    selectPublicContacts(ctx.db.kysely).catch((error: unknown) => {
      ctx.log.warn({ err: error }, "contacts unavailable; using the default contacts");
      return [];
    }),
    settingsOrDefaults(ctx),
  ]);
  return {
    menu: menu.length
      ? menu.map((m) => ({ title: m.title, url: m.url, icon: asMenuIcon(m.icon), ...(m.title_so ? { titleSo: m.title_so } : {}) }))
      : FALLBACK_MENU,
    contacts: contacts.length
      ? contacts.map((c) => ({ label: c.label, value: c.value, type: c.type, ...(c.label_so ? { labelSo: c.label_so } : {}) }))
      : FALLBACK_CONTACTS,
    siteName: settings.siteName,
    siteDescription: settings.siteDescription || DEFAULT_SETTINGS.siteDescription,
    siteNameSo: settings.siteNameSo,
    siteDescriptionSo: settings.siteDescriptionSo,
  };
}

/** The site settings, or the defaults when they cannot be read (the public side stays up). */
export function settingsOrDefaults(ctx: AppContext): Promise<SiteSettings> {
  return readSiteSettings(ctx).catch((error: unknown) => {
    ctx.log.warn({ err: error }, "site settings unavailable; using the defaults");
    return { ...DEFAULT_SETTINGS };
  });
}

/**
 * What the public layout shows: the chrome, and whether maintenance mode closes the site. Signed-in
 * staff keep working during maintenance (they see a notice instead); everyone else gets the
 * maintenance page. The admin portal and /healthz are outside this layout and never affected.
 */
export async function publicLayout(
  ctx: AppContext,
  viewer: { staff: boolean },
): Promise<SiteChrome & { maintenance: "off" | "closed" | "staff-notice" }> {
  const [chrome, settings] = await Promise.all([siteChrome(ctx), settingsOrDefaults(ctx)]);
  const maintenance = !settings.maintenanceMode ? "off" : viewer.staff ? "staff-notice" : "closed";
  return { ...chrome, maintenance };
}

/** The public contacts in both languages (contactsText picks a page's). */
export async function publicContacts(ctx: AppContext): Promise<StoredContact[]> {
  return (await siteChrome(ctx)).contacts;
}
