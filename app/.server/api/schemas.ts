import { z } from "zod";
import { DASHBOARD_CATEGORIES, DASHBOARD_SORTS, type DashboardListItem } from "~/lib/dashboards";
import { DOCUMENT_LANGUAGES } from "~/lib/document-language";
import { type FacetCounts, FILE_TYPES, SORTS } from "~/lib/document-query";
import type { PublicDashboard } from "../dashboards/dashboards.service";
import type { DocumentDetail, PublicListItem } from "../documents/public-shapes";

/**
 * The public JSON API's one description (decision 0035): the query parameters each endpoint
 * reads and the shapes it answers with, as zod schemas. The routes read their addresses through
 * the parameter schemas, and app/.server/api/openapi.ts generates the OpenAPI document's
 * parameters and components from the same schemas, so the document cannot drift from the code.
 *
 * Reading stays lenient, as the lists always were (issue 10): a parameter whose value is not
 * valid is dropped (`.catch`), never refused, and the lists' own readers then apply their
 * defaults, cleaning and clamps (document-query.ts, dashboards.ts).
 */

/** A parameter that is dropped, not refused, when its value does not fit. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const MAX_PAGE = 999_999_999;

/**
 * The query of GET /api/public/documents and /api/public/documents/facets (the lists' query). What
 * each parameter means, in the reader's language, is with the operations (openapi.ts).
 */
export const documentListParams = z.object({
  q: lenient(z.string()),
  category: lenient(z.string()),
  type: lenient(z.enum(Object.keys(FILE_TYPES) as [keyof typeof FILE_TYPES, ...(keyof typeof FILE_TYPES)[]])),
  language: lenient(z.enum(DOCUMENT_LANGUAGES)),
  year: lenient(z.coerce.number().int().min(1900).max(2999)),
  tag: lenient(z.array(z.string())),
  partner: lenient(z.array(z.string())),
  location: lenient(z.array(z.string())),
  sector: lenient(z.array(z.string())),
  from: lenient(z.iso.date()),
  to: lenient(z.iso.date()),
  sort: lenient(z.enum(SORTS)),
  page: lenient(z.coerce.number().int().min(1).max(MAX_PAGE)),
  // Not limited to PER_MIN..PER_MAX: a size outside is brought into the range, as the lists do.
  per: lenient(z.coerce.number().int().min(1).max(MAX_PAGE)),
});
export type DocumentListParams = z.infer<typeof documentListParams>;

/** The query of GET /api/public/dashboards (the dashboards page's filters and sort). */
export const dashboardListParams = z.object({
  q: lenient(z.string()),
  provider: lenient(z.string()),
  category: lenient(z.enum(DASHBOARD_CATEGORIES.map((c) => c.value) as [string, ...string[]])),
  sort: lenient(z.enum(DASHBOARD_SORTS.map((s) => s.value) as [string, ...string[]])),
});
export type DashboardListParams = z.infer<typeof dashboardListParams>;

/** The path parameter of the single-item endpoints. */
export const idParam = z.string().min(1);

/** Per parameter schema, which of its parameters take several values (worked out once). */
const arrayParams = new WeakMap<z.ZodObject, Set<string>>();

/**
 * Reads an address's query through a parameter schema: a repeated parameter (array schema) is
 * read whole, any other its first value; what does not fit is dropped. Never throws.
 */
export function readParams<S extends z.ZodObject>(schema: S, params: URLSearchParams): z.infer<S> {
  let arrays = arrayParams.get(schema);
  if (!arrays) {
    arrays = new Set(Object.entries(schema.shape).flatMap(([name, field]) => (isArrayParam(field as z.ZodType) ? [name] : [])));
    arrayParams.set(schema, arrays);
  }
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(schema.shape)) raw[name] = arrays.has(name) ? params.getAll(name) : (params.get(name) ?? undefined);
  return schema.parse(raw);
}

/** Whether a parameter takes several values (`?tag=a&tag=b`): its JSON schema is an array. */
export function isArrayParam(field: z.ZodType): boolean {
  return z.toJSONSchema(field, { io: "input", unrepresentable: "any" }).type === "array";
}

/** The parameters a schema kept, back as an address's query, for the lists' own readers. */
export function toSearchParams(values: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  return params;
}

// Responses ------------------------------------------------------------------------------------

/** The response shapes by name: the OpenAPI document's components are generated from this registry. */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

const dateTime = z.string().describe("A date and time (ISO 8601, as stored).");

export const publicListItem = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    created_at: dateTime,
    size: z.number().int().nullable().describe("The file's size in bytes; null without a file."),
  })
  .register(apiSchemas, { id: "DocumentListItem", description: "A published document as the lists give it." });

export const documentList = z
  .array(publicListItem)
  .register(apiSchemas, { id: "DocumentList", description: "One page of published documents." });

const facetOption = z
  .object({ value: z.string(), label: z.string(), count: z.number().int().min(1) })
  .register(apiSchemas, { id: "FacetOption", description: "A value of a facet and how many documents of the result have it." });

export const facetCounts = z
  .object({
    category: z.array(facetOption),
    type: z.array(facetOption),
    language: z.array(facetOption),
    year: z.array(facetOption),
    tags: z.array(facetOption),
    partners: z.array(facetOption),
    locations: z.array(facetOption),
    sectors: z.array(facetOption),
  })
  .register(apiSchemas, { id: "FacetCounts", description: "Per facet, the values the documents of the result have, with their counts." });

const attachment = z
  .object({ id: z.string(), label: z.string(), file_type: z.string().nullable(), file_size: z.number().int().nullable() })
  .register(apiSchemas, { id: "Attachment", description: "A further file of a document." });

export const documentDetail = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    language: z.enum(DOCUMENT_LANGUAGES),
    tags: z.array(z.string()),
    created_at: dateTime,
    updated_at: dateTime,
    size: z.number().int().nullable(),
    file_ext: z.string().nullable(),
    mime_type: z.string().nullable(),
    has_file: z.boolean(),
    extension: z.string().nullable().describe("The extension the download gets; null without a file."),
    partner: z.string().nullable(),
    sectors: z.array(z.string()),
    locations: z.array(z.string()),
    view_count: z.number().int().min(0),
    download_count: z.number().int().min(0),
    attachments: z.array(attachment),
  })
  .register(apiSchemas, { id: "Document", description: "One published document with its facets and attachments." });

const thumbnailImage = z
  .object({ src: z.string(), width: z.number().int(), height: z.number().int() })
  .register(apiSchemas, { id: "Thumbnail", description: "An image served by the portal, with its size." });

const dashboardFields = {
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  provider: z.string(),
  category: z.enum(DASHBOARD_CATEGORIES.map((c) => c.value) as [DashboardListItem["category"], ...DashboardListItem["category"][]]),
  created_at: dateTime,
  display_order: z.number().int(),
  thumbnail_url: z.string().nullable().describe("An external https image, or null."),
  thumbnail: thumbnailImage.nullable(),
};

export const dashboardListItem = z
  .object(dashboardFields)
  .register(apiSchemas, { id: "DashboardListItem", description: "A published dashboard as the list gives it." });

export const dashboardList = z
  .array(dashboardListItem)
  .register(apiSchemas, { id: "DashboardList", description: "The published dashboards." });

export const publicDashboard = z
  .object({
    ...dashboardFields,
    embed_url: z.string().nullable().describe("The https address to embed, or null."),
    open_url: z.string().nullable().describe("The https address to open in a new tab, or null."),
  })
  .register(apiSchemas, { id: "Dashboard", description: "One published dashboard with the addresses to show it." });

export const apiError = z
  .object({ error: z.literal("not_found"), message: z.string() })
  .register(apiSchemas, { id: "Error", description: "Nothing published has this id." });

export const openApiDocument = z
  .looseObject({ openapi: z.literal("3.1.0") })
  .register(apiSchemas, { id: "OpenApiDocument", description: "This OpenAPI 3.1 document." });

// The schemas describe exactly the shapes the server builds (public-shapes.ts, dashboards): a
// field added there without being added here (or the other way round) fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(_proof?: T) => undefined;
same<Same<z.infer<typeof publicListItem>, PublicListItem>>();
same<Same<z.infer<typeof facetCounts>, FacetCounts>>();
same<Same<z.infer<typeof documentDetail>, DocumentDetail>>();
same<Same<z.infer<typeof dashboardListItem>, DashboardListItem>>();
same<Same<z.infer<typeof publicDashboard>, PublicDashboard>>();
