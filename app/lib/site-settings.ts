/**
 * The admin Settings screen's rules (admin-and-sharing sections 2 and 3, ARCHITECTURE.md
 * section 4): the eight settings with their defaults, and the checks of the settings form and of
 * the navigation menu and contact editors. Pure, so the same rules are unit-tested and shared.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { MENU_ICONS, type MenuIcon, SITE_NAME, somaliText } from "./site";

/** The footer's text until an admin writes another (stored and compared in English; shown with siteDescriptionText). */
export const DEFAULT_SITE_DESCRIPTION =
  "Information, guidance and data for humanitarian responders supporting displaced communities in Somalia.";

/**
 * The site description a page shows: in Somali, the Somali one staff wrote; else the one staff
 * wrote, as written; the default (nothing written) in the page's language.
 */
export function siteDescriptionText(
  { siteDescription, siteDescriptionSo }: { siteDescription: string; siteDescriptionSo?: string },
  i18n: I18n,
): string {
  const somali = somaliText(i18n, siteDescriptionSo);
  if (somali) return somali;
  return siteDescription === DEFAULT_SITE_DESCRIPTION
    ? i18n._(msg`Information, guidance and data for humanitarian responders supporting displaced communities in Somalia.`)
    : siteDescription;
}

/** The site name a page shows: in Somali, the Somali one staff gave; else the (English) site name. */
export function siteNameText({ siteName, siteNameSo }: { siteName: string; siteNameSo?: string }, i18n: I18n): string {
  return somaliText(i18n, siteNameSo) ?? siteName;
}

export interface SiteSettings {
  siteName: string;
  siteDescription: string;
  /** The same in Somali, for readers of the Somali pages; empty: they see the English ones. */
  siteNameSo: string;
  siteDescriptionSo: string;
  maintenanceMode: boolean;
  emailNotifications: boolean;
  securityAlerts: boolean;
  backupEnabled: boolean;
  publicRegistration: boolean;
  documentApproval: boolean;
  /** Admins must sign in with a second factor: one without it is sent to enrolment (decision 0026). */
  requireTwoFactorForAdmins: boolean;
}

export type SettingKey = keyof SiteSettings;

/** Nothing is on until an admin turns it on: none of these switches may surprise an installation. */
export const DEFAULT_SETTINGS: Readonly<SiteSettings> = {
  siteName: SITE_NAME,
  siteDescription: DEFAULT_SITE_DESCRIPTION,
  siteNameSo: "",
  siteDescriptionSo: "",
  maintenanceMode: false,
  emailNotifications: false,
  securityAlerts: false,
  backupEnabled: false,
  publicRegistration: false,
  documentApproval: false,
  requireTwoFactorForAdmins: false,
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];
/** The settings that are texts; the others are switches. */
type TextKey = "siteName" | "siteDescription" | "siteNameSo" | "siteDescriptionSo";
export const SWITCH_KEYS = SETTING_KEYS.filter((k) => typeof DEFAULT_SETTINGS[k] === "boolean") as Array<Exclude<SettingKey, TextKey>>;

export const SITE_NAME_MAX = 80;
export const MENU_TITLE_MAX = 60;
export const CONTACT_LABEL_MAX = 80;
export const DISPLAY_ORDER_MAX = 10_000;
export const SITE_DESCRIPTION_MAX = 300;
/** What a maintenance page tells clients and crawlers to wait, in seconds. */
export const MAINTENANCE_RETRY_AFTER_S = 300;

/** The maintenance page's words, also the body of the files' and the public JSON's 503 during maintenance. */
export const MAINTENANCE_TITLE = "Down for maintenance";
export const MAINTENANCE_MESSAGE = "The portal is being updated and will be back shortly. Please try again in a few minutes.";
/** The same words as messages, for the maintenance page in the reader's language. */
export const MAINTENANCE_TITLE_TEXT = msg`Down for maintenance`;
export const MAINTENANCE_MESSAGE_TEXT = msg`The portal is being updated and will be back shortly. Please try again in a few minutes.`;

/**
 * Settings from stored JSON values: a missing key, unreadable JSON or a value of the wrong type
 * gives that key's default, so one bad row never breaks every public page.
 */
export function settingsFromStored(stored: Record<string, string | undefined>): SiteSettings {
  const settings: SiteSettings = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    const raw = stored[key];
    if (raw === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      continue;
    }
    if (typeof value === typeof DEFAULT_SETTINGS[key]) Object.assign(settings, { [key]: value });
  }
  if (!settings.siteName.trim()) settings.siteName = DEFAULT_SETTINGS.siteName;
  return settings;
}

type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type Parsed<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

/** What a form sends: FormData, or anything with the same `get`. */
export interface FormLike {
  get(name: string): unknown;
}

function text(form: FormLike, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** A checkbox is on when it was sent at all (an unchecked box sends nothing). */
function checked(form: FormLike, name: string): boolean {
  const value = form.get(name);
  return value !== null && value !== undefined && value !== "false";
}

/**
 * The English messages of the Settings screen's checks (the server compares and returns these;
 * components/admin/system/messages.ts gives each in the admin's language).
 */
export const SETTINGS_MESSAGES = {
  siteNameRequired: "Site name is required",
  siteNameTooLong: `Site name must be at most ${SITE_NAME_MAX} characters`,
  siteNameSoTooLong: `Site name (Somali) must be at most ${SITE_NAME_MAX} characters`,
  siteDescriptionTooLong: `Site description must be at most ${SITE_DESCRIPTION_MAX} characters`,
  siteDescriptionSoTooLong: `Site description (Somali) must be at most ${SITE_DESCRIPTION_MAX} characters`,
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${MENU_TITLE_MAX} characters`,
  titleSoTooLong: `Title (Somali) must be at most ${MENU_TITLE_MAX} characters`,
  urlRequired: "URL is required",
  urlUnsafe: "Use a path such as /reports or an https:// address",
  iconChoice: "Choose an icon from the list",
  displayOrder: `Display order must be a whole number from 0 to ${DISPLAY_ORDER_MAX}`,
  labelRequired: "Label is required",
  labelTooLong: `Label must be at most ${CONTACT_LABEL_MAX} characters`,
  labelSoTooLong: `Label (Somali) must be at most ${CONTACT_LABEL_MAX} characters`,
  typeChoice: "Choose a type from the list",
  valueRequired: "Value is required",
  valueTooLong: "Value must be at most 200 characters",
  email: "Please enter a valid email address",
  phone: "Please enter a phone number such as +252 61 000 0000",
} as const;

const M = SETTINGS_MESSAGES;
type SettingsTextField = "siteName" | "siteDescription" | "siteNameSo" | "siteDescriptionSo";

export function parseSettingsForm(form: FormLike): Parsed<SiteSettings, SettingsTextField> {
  const errors: FieldErrors<SettingsTextField> = {};
  const siteName = text(form, "siteName").replace(/\s+/g, " ");
  const siteDescription = text(form, "siteDescription");
  // The Somali texts are optional and held to the English ones' limits.
  const siteNameSo = text(form, "siteNameSo").replace(/\s+/g, " ");
  const siteDescriptionSo = text(form, "siteDescriptionSo");
  if (!siteName) errors.siteName = M.siteNameRequired;
  else if (siteName.length > SITE_NAME_MAX) errors.siteName = M.siteNameTooLong;
  if (siteNameSo.length > SITE_NAME_MAX) errors.siteNameSo = M.siteNameSoTooLong;
  if (siteDescription.length > SITE_DESCRIPTION_MAX) errors.siteDescription = M.siteDescriptionTooLong;
  if (siteDescriptionSo.length > SITE_DESCRIPTION_MAX) errors.siteDescriptionSo = M.siteDescriptionSoTooLong;
  if (Object.keys(errors).length) return { ok: false, errors };
  const switches = Object.fromEntries(SWITCH_KEYS.map((k) => [k, checked(form, k)])) as Pick<SiteSettings, (typeof SWITCH_KEYS)[number]>;
  return { ok: true, value: { siteName, siteDescription, siteNameSo, siteDescriptionSo, ...switches } };
}

// Navigation menu and contacts --------------------------------------------------------------------

export interface MenuItemInput {
  title: string;
  /** Empty when not given: Somali readers see the English title. */
  titleSo: string;
  url: string;
  icon: MenuIcon;
  displayOrder: number;
  active: boolean;
}

export const CONTACT_TYPES = ["email", "phone", "other"] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export interface ContactInput {
  label: string;
  /** Empty when not given: Somali readers see the English label. */
  labelSo: string;
  value: string;
  type: ContactType;
  displayOrder: number;
  isPublic: boolean;
}

function displayOrder(form: FormLike): number | null {
  const raw = text(form, "displayOrder");
  if (raw === "") return 0;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= DISPLAY_ORDER_MAX ? n : null;
}

/**
 * A menu link is a path on this site ("/reports") or an https address; anything else (javascript:,
 * data:, protocol-relative "//host") is refused, so the public header never renders a dangerous link.
 */
export function isSafeMenuUrl(url: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && !!parsed.hostname && !/\s/.test(url);
  } catch {
    return false;
  }
}

export function parseMenuItemForm(form: FormLike): Parsed<MenuItemInput, "title" | "titleSo" | "url" | "icon" | "displayOrder"> {
  const errors: FieldErrors<"title" | "titleSo" | "url" | "icon" | "displayOrder"> = {};
  const title = text(form, "title");
  const titleSo = text(form, "titleSo");
  const url = text(form, "url");
  const icon = text(form, "icon");
  const order = displayOrder(form);
  if (!title) errors.title = M.titleRequired;
  else if (title.length > MENU_TITLE_MAX) errors.title = M.titleTooLong;
  if (titleSo.length > MENU_TITLE_MAX) errors.titleSo = M.titleSoTooLong;
  if (!url) errors.url = M.urlRequired;
  else if (url.length > 500 || !isSafeMenuUrl(url)) errors.url = M.urlUnsafe;
  if (!(MENU_ICONS as readonly string[]).includes(icon)) errors.icon = M.iconChoice;
  if (order === null) errors.displayOrder = M.displayOrder;
  if (Object.keys(errors).length || order === null) return { ok: false, errors };
  return { ok: true, value: { title, titleSo, url, icon: icon as MenuIcon, displayOrder: order, active: checked(form, "active") } };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{4,29}$/;

export function parseContactForm(form: FormLike): Parsed<ContactInput, "label" | "labelSo" | "value" | "type" | "displayOrder"> {
  const errors: FieldErrors<"label" | "labelSo" | "value" | "type" | "displayOrder"> = {};
  const label = text(form, "label");
  const labelSo = text(form, "labelSo");
  const value = text(form, "value");
  const type = text(form, "type");
  const order = displayOrder(form);
  if (!label) errors.label = M.labelRequired;
  else if (label.length > CONTACT_LABEL_MAX) errors.label = M.labelTooLong;
  if (labelSo.length > CONTACT_LABEL_MAX) errors.labelSo = M.labelSoTooLong;
  if (!(CONTACT_TYPES as readonly string[]).includes(type)) errors.type = M.typeChoice;
  if (!value) errors.value = M.valueRequired;
  else if (value.length > 200) errors.value = M.valueTooLong;
  else if (type === "email" && !EMAIL.test(value)) errors.value = M.email;
  else if (type === "phone" && !PHONE.test(value)) errors.value = M.phone;
  if (order === null) errors.displayOrder = M.displayOrder;
  if (Object.keys(errors).length || order === null) return { ok: false, errors };
  return {
    ok: true,
    value: { label, labelSo, value, type: type as ContactType, displayOrder: order, isPublic: checked(form, "isPublic") },
  };
}
