/**
 * The Create/Edit Dashboard form (admin-and-sharing sections 2, 3, 5 and 9): its choices,
 * defaults and validation, pure so the server applies them and tests can state them.
 */
import { httpsOrigin, httpsUrl } from "./dashboards";

/** The spec's dashboard types, its "catchement" spelling included. */
export const DASHBOARD_TYPES = ["site_monitoring", "new_arrivals", "catchement", "facility_map", "other"] as const;
export const DASHBOARD_PROVIDERS = ["IFRAME", "EXTERNAL", "POWERBI", "RSHINY", "TABLEAU", "METABASE", "GRAFANA"] as const;

export type DashboardType = (typeof DASHBOARD_TYPES)[number];
export type DashboardProvider = (typeof DASHBOARD_PROVIDERS)[number];

/** In English: the server returns them; pages show them in their language (components/admin/content/messages.ts). Type names: dashboardTypeLabel there. */
export const DASHBOARD_MESSAGES = {
  missing: "Missing information: Please fill in title and embed URL",
  embedNotHttps: "Invalid URL: The embed URL must be a secure web address starting with https://",
  urlNotHttps: "Invalid URL: The dashboard URL must be a secure web address starting with https://",
  displayOrder: "Invalid display order: Display order must be a whole number, 0 or more",
  choice: "Invalid choice: Please choose a type and a provider from the lists",
  tooLong: "Too long: Please shorten the title, description or URLs",
  createFailed: "Creation failed: Failed to create dashboard",
} as const;

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 2000;
const MAX_URL = 2048;
/** Far above any real list; keeps the value a safe 32-bit integer on both engines. */
const MAX_ORDER = 1_000_000;

/** The form's fields as submitted (strings), kept to re-fill the form after a refusal. */
export interface DashboardFormFields {
  title: string;
  description: string;
  type: string;
  provider: string;
  url: string;
  embed_url: string;
  display_order: string;
  is_public: boolean;
}

/** What is stored. */
export interface DashboardInput {
  title: string;
  description: string | null;
  type: DashboardType;
  provider: DashboardProvider;
  url: string | null;
  embed_url: string;
  display_order: number;
  is_public: boolean;
}

/** The form of a new dashboard: type other, provider EXTERNAL, public, display order 0 (section 9). */
export const NEW_DASHBOARD_FIELDS: DashboardFormFields = {
  title: "",
  description: "",
  type: "other",
  provider: "EXTERNAL",
  url: "",
  embed_url: "",
  display_order: "0",
  is_public: true,
};

export type DashboardField = "title" | "embed_url" | "url" | "display_order" | "type" | "provider" | "description" | "thumbnail";

export type DashboardValidation = { ok: true; value: DashboardInput } | { ok: false; message: string; field: DashboardField };

/** Reads the form: a missing public switch is off (an unchecked checkbox sends nothing). */
export function dashboardFieldsFrom(form: { get(name: string): unknown }): DashboardFormFields {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    title: text("title"),
    description: text("description"),
    type: text("type") || NEW_DASHBOARD_FIELDS.type,
    provider: text("provider") || NEW_DASHBOARD_FIELDS.provider,
    url: text("url"),
    embed_url: text("embed_url"),
    display_order: text("display_order"),
    is_public: text("is_public") === "on" || text("is_public") === "true",
  };
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Display order: an integer from 0, default 0 when left empty. */
export function parseDisplayOrder(value: string): number | null {
  const text = value.trim();
  if (text === "") return 0;
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_ORDER ? n : null;
}

/**
 * The spec's rules plus ours: title and embed URL required; the embed URL and the dashboard URL
 * (when given) absolute https addresses whose host can go into the Content-Security-Policy
 * (never javascript:, data: or http:); description and url trimmed, null when empty.
 */
export function validateDashboard(fields: DashboardFormFields): DashboardValidation {
  const title = fields.title.trim();
  const embed = fields.embed_url.trim();
  const url = fields.url.trim();
  const description = fields.description.trim();
  if (!title) return { ok: false, message: DASHBOARD_MESSAGES.missing, field: "title" };
  if (!embed) return { ok: false, message: DASHBOARD_MESSAGES.missing, field: "embed_url" };
  if (title.length > MAX_TITLE) return { ok: false, message: DASHBOARD_MESSAGES.tooLong, field: "title" };
  if (description.length > MAX_DESCRIPTION) return { ok: false, message: DASHBOARD_MESSAGES.tooLong, field: "description" };
  if (embed.length > MAX_URL || url.length > MAX_URL)
    return { ok: false, message: DASHBOARD_MESSAGES.tooLong, field: embed.length > MAX_URL ? "embed_url" : "url" };
  const embedUrl = httpsOrigin(embed) ? httpsUrl(embed) : null;
  if (!embedUrl) return { ok: false, message: DASHBOARD_MESSAGES.embedNotHttps, field: "embed_url" };
  const pageUrl = url ? httpsUrl(url) : null;
  if (url && !pageUrl) return { ok: false, message: DASHBOARD_MESSAGES.urlNotHttps, field: "url" };
  const order = parseDisplayOrder(fields.display_order);
  if (order === null) return { ok: false, message: DASHBOARD_MESSAGES.displayOrder, field: "display_order" };
  if (!isOneOf(DASHBOARD_TYPES, fields.type)) return { ok: false, message: DASHBOARD_MESSAGES.choice, field: "type" };
  if (!isOneOf(DASHBOARD_PROVIDERS, fields.provider)) return { ok: false, message: DASHBOARD_MESSAGES.choice, field: "provider" };
  return {
    ok: true,
    value: {
      title,
      description: description || null,
      type: fields.type,
      provider: fields.provider,
      url: pageUrl,
      embed_url: embedUrl,
      display_order: order,
      is_public: fields.is_public,
    },
  };
}
