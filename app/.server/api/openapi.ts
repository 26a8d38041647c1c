import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { CATEGORIES } from "~/lib/categories";
import { PER_MAX, PER_MIN } from "~/lib/paging";
import type { AppContext } from "../context";
import { listPublicDashboards } from "../dashboards/dashboards.service";
import { latestPublished } from "../documents/documents.service";
import { notFound } from "./json";
import { dashboardById, dashboardsList, documentById, documentFacets, documentsPage } from "./public-api";
import {
  apiError,
  apiSchemas,
  dashboardList,
  dashboardListParams,
  documentDetail,
  documentList,
  documentListParams,
  facetCounts,
  idParam,
  isArrayParam,
  openApiDocument,
  publicDashboard,
} from "./schemas";

/**
 * The OpenAPI 3.1 document of the public JSON API (decision 0035), served at /api/openapi.json
 * and rendered for people at /api. Parameters and components are generated from the zod schemas
 * the routes read and answer with (schemas.ts); the paths are written here. The texts are
 * catalogue messages (server catalogue): openapi.json is in English, the /api page in the
 * reader's language.
 *
 * Every operation carries named examples: a request's parameters (`parameters[].examples`) and
 * the response the server gives to it (`responses[status].content.examples`, the same name).
 * The responses are the server's real answers, made by the same calls the routes make, so an
 * example is always one the server answers as described (openapi.int.test.ts).
 */

type Query = Record<string, string | string[]>;

interface Example {
  name: string;
  summary: MessageDescriptor;
  query?: Query;
  /** The {id} of a single-item path. */
  id?: string;
  status: 200 | 404;
  /** The body the server answers with. */
  answer: () => Promise<unknown>;
}

interface Operation {
  operationId: string;
  path: string;
  summary: MessageDescriptor;
  description: MessageDescriptor;
  query?: z.ZodObject;
  hasId?: boolean;
  ok: { schema: z.ZodType; paged?: "link" | "total" };
  notFound?: boolean;
  examples: Example[];
}

const categories = CATEGORIES.join(", ");
const min = PER_MIN;
const max = PER_MAX;

/** What each query parameter means, in the reader's language. */
const PARAMETER_TEXTS: Record<string, Record<string, MessageDescriptor>> = {
  documents: {
    q: msg`Search words (at most 500 characters are read). Without a sort, the best matches come first.`,
    category: msg`A category: ${categories} (any letter case; "all" is every category). An unknown category gives an empty list.`,
    type: msg`The file's type.`,
    language: msg`The language the document is written in.`,
    year: msg`The year it was published.`,
    tag: msg`A tag the documents have. Repeat it for several (each one is required; at most 5 are read).`,
    partner: msg`A partner. Repeat it for several (at most 5 are read).`,
    location: msg`A location. Repeat it for several (at most 5 are read).`,
    sector: msg`A sector. Repeat it for several (at most 5 are read).`,
    from: msg`Published on or after this date (YYYY-MM-DD).`,
    to: msg`Published on or before this date (YYYY-MM-DD).`,
    sort: msg`The order. Relevance needs search words; without words the newest come first.`,
    page: msg`The page, from 1. A page past the end gives the last page.`,
    per: msg`Documents per page: ${min} to ${max} (other numbers are brought into that range); ${max} when absent.`,
  },
  dashboards: {
    q: msg`Words found in the title, description or provider (any letter case).`,
    provider: msg`One provider, as the dashboards name it (any letter case).`,
    category: msg`The dashboard's category.`,
    sort: msg`The order: the order the cluster set, title, date (newest first), provider or category.`,
  },
};

const ID_TEXT: MessageDescriptor = msg`The id, as a list gives it.`;
/** An id nothing has: the not-found examples. */
export const UNKNOWN_ID = "no-such-id";

/** Ids of published items for the examples, read when the document is made. */
async function samples(ctx: AppContext): Promise<{ documentId: string | null; dashboardId: string | null }> {
  const [[document], [dashboard]] = await Promise.all([latestPublished(ctx, 1), listPublicDashboards(ctx)]);
  return { documentId: document?.id ?? null, dashboardId: dashboard?.id ?? null };
}

const params = (query: Query) => {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const one of Array.isArray(value) ? value : [value]) out.append(name, one);
  return out;
};

/**
 * The examples of a by-id operation: a published item when there is one, and an unknown id.
 * @param answer what the endpoint answers for that published id
 */
function byIdExamples(
  kind: "document" | "dashboard",
  published: { id: string | null; summary: MessageDescriptor; answer: (id: string) => Promise<unknown> },
): Example[] {
  const unknown: Example = {
    name: "unknown",
    summary: msg`An id nothing published has`,
    id: UNKNOWN_ID,
    status: 404,
    answer: () => notFound(kind).json(),
  };
  const { id } = published;
  if (!id) return [unknown];
  return [{ name: "published", summary: published.summary, id, status: 200, answer: () => published.answer(id) }, unknown];
}

function operations(ctx: AppContext, ids: { documentId: string | null; dashboardId: string | null }): Operation[] {
  const documentExamples = byIdExamples("document", {
    id: ids.documentId,
    summary: msg`The newest published document`,
    answer: (id) => documentById(ctx, id),
  });
  const dashboardExamples = byIdExamples("dashboard", {
    id: ids.dashboardId,
    summary: msg`A published dashboard`,
    answer: (id) => dashboardById(ctx, id),
  });
  const page = async (query: Query) => (await documentsPage(ctx, params(query))).items;
  return [
    {
      operationId: "listDocuments",
      path: "/api/public/documents",
      summary: msg`Published documents`,
      description: msg`One page of the published documents the query finds, as the document lists show them. The X-Total-Count header gives how many there are in all, the Link header the previous and next pages.`,
      query: documentListParams,
      ok: { schema: documentList, paged: "link" },
      examples: [
        {
          name: "newest",
          summary: msg`The newest documents`,
          query: { sort: "newest", per: String(PER_MIN) },
          status: 200,
          answer: () => page({ sort: "newest", per: String(PER_MIN) }),
        },
        {
          name: "search",
          summary: msg`Reports found by search words`,
          query: { q: "camp management", category: "Report", per: String(PER_MIN) },
          status: 200,
          answer: () => page({ q: "camp management", category: "Report", per: String(PER_MIN) }),
        },
      ],
    },
    {
      operationId: "documentFacets",
      path: "/api/public/documents/facets",
      summary: msg`Facets of published documents`,
      description: msg`For the same query as the list: each facet's values among the documents found, with how many documents have each.`,
      query: documentListParams,
      ok: { schema: facetCounts },
      examples: [
        {
          name: "pdf",
          summary: msg`Facets of the PDF documents`,
          query: { type: "pdf" },
          status: 200,
          answer: () => documentFacets(ctx, params({ type: "pdf" })),
        },
      ],
    },
    {
      operationId: "getDocument",
      path: "/api/public/documents/{id}",
      summary: msg`One published document`,
      description: msg`A published document with its facets and attachments. Drafts and unpublished documents are not found.`,
      hasId: true,
      ok: { schema: documentDetail },
      notFound: true,
      examples: documentExamples,
    },
    {
      operationId: "listDashboards",
      path: "/api/public/dashboards",
      summary: msg`Published dashboards`,
      description: msg`Every published dashboard the query finds, as the dashboards page lists them. The X-Total-Count header gives how many.`,
      query: dashboardListParams,
      ok: { schema: dashboardList, paged: "total" },
      examples: [
        {
          name: "byTitle",
          summary: msg`Every dashboard by title`,
          query: { sort: "title" },
          status: 200,
          answer: () => dashboardsList(ctx, params({ sort: "title" })),
        },
      ],
    },
    {
      operationId: "getDashboard",
      path: "/api/public/dashboards/{id}",
      summary: msg`One published dashboard`,
      description: msg`A published dashboard with the addresses to embed and open it. Unpublished dashboards are not found.`,
      hasId: true,
      ok: { schema: publicDashboard },
      notFound: true,
      examples: dashboardExamples,
    },
    {
      operationId: "getOpenApi",
      path: "/api/openapi.json",
      summary: msg`This description`,
      description: msg`The OpenAPI 3.1 document of this API. A page for people reading it is at /api.`,
      ok: { schema: openApiDocument },
      examples: [],
    },
  ];
}

/** The schema of one parameter as OpenAPI wants it (no `$schema`). */
function parameterSchema(field: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(field, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return schema;
}

const ref = (schema: z.ZodType) => {
  const id = apiSchemas.get(schema)?.id;
  if (!id) throw new Error("A response schema is not in the registry");
  return { $ref: `#/components/schemas/${id}` };
};

/** Every response shape of the registry, with references between them as component references. */
function components(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(apiSchemas, { uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _, $id: __, ...schema }]) => [id, schema]));
}

export interface OpenApiOptions {
  i18n: I18n;
  /** The site's own address, as the server list's one entry. */
  origin: string;
}

/** Made once per request: the examples are the library as it is now. */
export async function buildOpenApi(ctx: AppContext, { i18n, origin }: OpenApiOptions): Promise<Record<string, unknown>> {
  const ops = operations(ctx, await samples(ctx));
  const headers = {
    "Access-Control-Allow-Origin": { description: "Any site may read the API from a browser.", schema: { type: "string", const: "*" } },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const texts = PARAMETER_TEXTS[op.operationId === "listDashboards" ? "dashboards" : "documents"] ?? {};
    const parameters: Record<string, unknown>[] = [];
    if (op.hasId)
      parameters.push({
        name: "id",
        in: "path",
        required: true,
        description: i18n._(ID_TEXT),
        schema: parameterSchema(idParam),
        examples: Object.fromEntries(op.examples.map((e) => [e.name, { summary: i18n._(e.summary), value: e.id }])),
      });
    for (const [name, field] of Object.entries(op.query?.shape ?? {})) {
      const text = texts[name];
      const used = op.examples.filter((e) => e.query?.[name] !== undefined);
      const schema = parameterSchema(field as z.ZodType);
      // An example's value has the parameter's type (12, not "12"), as the address carries it.
      const typed = (value: string | string[] | undefined) => (schema.type === "integer" ? Number(value) : value);
      parameters.push({
        name,
        in: "query",
        required: false,
        ...(text ? { description: i18n._(text) } : {}),
        schema,
        ...(isArrayParam(field as z.ZodType) ? { style: "form", explode: true } : {}),
        ...(used.length
          ? { examples: Object.fromEntries(used.map((e) => [e.name, { summary: i18n._(e.summary), value: typed(e.query?.[name]) }])) }
          : {}),
      });
    }
    const examplesOf = async (status: number) => {
      const chosen = op.examples.filter((e) => e.status === status);
      if (!chosen.length) return {};
      const values = await Promise.all(chosen.map((e) => e.answer()));
      return { examples: Object.fromEntries(chosen.map((e, i) => [e.name, { summary: i18n._(e.summary), value: values[i] }])) };
    };
    const okHeaders =
      op.ok.paged === "link"
        ? {
            ...headers,
            "X-Total-Count": { description: "How many documents the query finds in all.", schema: { type: "integer", minimum: 0 } },
            Link: { description: 'The previous and next pages (rel="prev", rel="next"), when there are.', schema: { type: "string" } },
          }
        : op.ok.paged === "total"
          ? { ...headers, "X-Total-Count": { description: "How many there are.", schema: { type: "integer", minimum: 0 } } }
          : headers;
    const responses: Record<string, unknown> = {
      "200": {
        description: "OK",
        headers: okHeaders,
        content: { "application/json": { schema: ref(op.ok.schema), ...(await examplesOf(200)) } },
      },
    };
    if (op.notFound)
      responses["404"] = {
        description: "Not found: unknown, a draft or unpublished.",
        headers,
        content: { "application/json": { schema: ref(apiError), ...(await examplesOf(404)) } },
      };
    paths[op.path] = {
      get: {
        operationId: op.operationId,
        summary: i18n._(op.summary),
        description: i18n._(op.description),
        ...(parameters.length ? { parameters } : {}),
        responses,
      },
    };
  }
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "CCCM Somalia portal: public API",
      version: "1",
      description: i18n._(
        msg`The published documents and dashboards of the portal as JSON, for other sites and tools. Read-only, no sign-in; any site may call it from a browser. Nothing unpublished is ever given.`,
      ),
    },
    servers: [{ url: origin }],
    paths,
    components: { schemas: components() },
  };
}
