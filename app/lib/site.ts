/** Site-wide constants of the public chrome (public-portal sections 2 and 9). */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export const SITE_NAME = "CCCM Somalia";
/** The cluster's full name, in the reader's language (a message: render it with `t`/`i18n._`). */
export const SITE_LONG_NAME = msg`Camp Coordination and Camp Management Cluster, Somalia`;

export interface MenuItem {
  title: string;
  url: string;
  icon: MenuIcon;
}

/** A menu item as stored: the title staff gave in Somali too, when they gave one (menuText picks). */
export interface StoredMenuItem extends MenuItem {
  titleSo?: string;
}

/**
 * Staff's Somali text, when the page is in Somali and they wrote one; null otherwise (then the
 * English text, or a default in the page's language, applies). The pseudo-language is English's.
 */
export function somaliText(i18n: I18n, somali: string | null | undefined): string | null {
  return i18n.locale === "so" && somali ? somali : null;
}

/** The icon set the menu may use (Lucide names, public-portal section 2). */
export const MENU_ICONS = ["home", "file-text", "book-open", "folder", "bar-chart-3", "info"] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

export function asMenuIcon(value: string | null | undefined): MenuIcon {
  return (MENU_ICONS as readonly string[]).includes(value ?? "") ? (value as MenuIcon) : "file-text";
}

/**
 * Used when the menu table is empty or cannot be read: the spec's list plus Standards, so each of
 * the three lists (reports, guidelines, standards) is reachable from the menu.
 */
export const FALLBACK_MENU: MenuItem[] = [
  { title: "Home", url: "/", icon: "home" },
  { title: "Reports", url: "/reports", icon: "file-text" },
  { title: "Guidelines", url: "/guidelines", icon: "book-open" },
  { title: "Standards", url: "/standards", icon: "file-text" },
  { title: "Documents", url: "/documents", icon: "folder" },
  { title: "Dashboard", url: "/dashboards", icon: "bar-chart-3" },
  { title: "About", url: "/about", icon: "info" },
];

/** FALLBACK_MENU's titles in the reader's language, in the same order. */
const FALLBACK_MENU_TITLES: MessageDescriptor[] = [
  msg`Home`,
  msg`Reports`,
  msg`Guidelines`,
  msg`Standards`,
  msg`Documents`,
  msg`Dashboard`,
  msg`About`,
];

/**
 * The menu a page shows: in Somali, the Somali title staff gave; else what staff wrote, as
 * written; an item of the default menu (the menu table empty, or a default item kept as it was:
 * same title, address and icon) in the page's language. Only what the page shows is returned.
 */
export function menuText(menu: StoredMenuItem[], i18n: I18n): MenuItem[] {
  return menu.map(({ titleSo, ...item }) => {
    const somali = somaliText(i18n, titleSo);
    if (somali) return { ...item, title: somali };
    const index = FALLBACK_MENU.findIndex((d) => d.title === item.title && d.url === item.url && d.icon === item.icon);
    return index === -1 ? item : { ...item, title: i18n._(FALLBACK_MENU_TITLES[index]!) };
  });
}

export interface Contact {
  label: string;
  value: string;
  type: string;
}

/** A contact as stored: its label in Somali too, when staff gave one (contactsText picks). */
export interface StoredContact extends Contact {
  labelSo?: string;
}

/**
 * Used when no contact is public or they cannot be read. The spec does not
 * give the cluster's real addresses; these use the reserved example.org
 * domain so mail can never reach a stranger. An installation sets its real
 * contacts in the contact_info table (admin settings).
 */
export const FALLBACK_CONTACTS: Contact[] = [
  { label: "General inquiries", value: "info@cccm-somalia.example.org", type: "email" },
  { label: "Coordination team", value: "coordination@cccm-somalia.example.org", type: "email" },
];

/** FALLBACK_CONTACTS' labels in the reader's language, in the same order. */
const FALLBACK_CONTACT_LABELS: MessageDescriptor[] = [msg`General inquiries`, msg`Coordination team`];

/**
 * The contacts a page shows: in Somali, with the Somali label staff gave; else as staff wrote
 * them; a default one (same label, value and type) labelled in the page's language.
 */
export function contactsText(contacts: StoredContact[], i18n: I18n): Contact[] {
  return contacts.map(({ labelSo, ...contact }) => {
    const somali = somaliText(i18n, labelSo);
    if (somali) return { ...contact, label: somali };
    const index = FALLBACK_CONTACTS.findIndex((d) => d.label === contact.label && d.value === contact.value && d.type === contact.type);
    return index === -1 ? contact : { ...contact, label: i18n._(FALLBACK_CONTACT_LABELS[index]!) };
  });
}

export const FOOTER_QUICK_LINKS = 5;

/** Footer quick links: the menu without the home link, at most 5. */
export function footerLinks(menu: MenuItem[]): MenuItem[] {
  return menu.filter((m) => m.url !== "/").slice(0, FOOTER_QUICK_LINKS);
}

/** The mailbox for "Report an issue": the first public e-mail contact. */
export function supportEmail(contacts: Contact[]): string {
  return (contacts.find((c) => c.type === "email") ?? FALLBACK_CONTACTS[0]!).value;
}

/** The public layout's route id: its loader data carries the site name of the admin settings. */
export const PUBLIC_LAYOUT_ID = "routes/public/layout";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site name the public layout loaded (admin settings), or SITE_NAME when there is none. */
export function siteNameOf(matches: readonly MatchWithData[]): string {
  const data = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.loaderData as { siteName?: unknown } | undefined;
  return typeof data?.siteName === "string" && data.siteName ? data.siteName : SITE_NAME;
}

/** A page title ending with the site name: siteTitle(matches, "Reports") → "Reports | CCCM Somalia". */
export function siteTitle(matches: readonly MatchWithData[], ...parts: string[]): string {
  return [...parts, siteNameOf(matches)].join(" | ");
}

/** A title written with the default name at its end ("Reports | CCCM Somalia"), with the configured one instead. */
export function retitle(title: string, matches: readonly MatchWithData[]): string {
  const suffix = ` | ${SITE_NAME}`;
  return title.endsWith(suffix) ? `${title.slice(0, -suffix.length)} | ${siteNameOf(matches)}` : title;
}
