import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AppContext } from "../context";
import { buildOpenApi } from "./openapi";

/**
 * The /api page's content (decision 0035): the OpenAPI document, as the reader's language has it,
 * made into what the page shows. Composed here, with the server catalogue, so the page's texts
 * add nothing to the catalogue every public page sends to the browser.
 */

export interface ApiParameterView {
  name: string;
  where: string;
  description: string;
  /** The values it takes, when it is one of a list. */
  values: string[] | null;
  repeatable: boolean;
}

export interface ApiExampleView {
  summary: string;
  href: string;
  status: number;
  /** The answer as indented JSON, a long list cut to its first items. */
  body: string;
}

export interface ApiOperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameterView[];
  examples: ApiExampleView[];
}

export interface ApiPageView {
  texts: {
    title: string;
    intro: string;
    documentLink: string;
    endpoints: string;
    parameters: string;
    noParameters: string;
    values: string;
    repeatable: string;
    inPath: string;
    inQuery: string;
    examples: string;
    request: string;
    status: string;
    cut: string;
  };
  operations: ApiOperationView[];
}

/** How many items of a listed answer the page shows. */
const SHOWN_ITEMS = 2;

export interface OpenApiParameter {
  name: string;
  in: string;
  description?: string;
  schema: { enum?: string[]; type?: string };
  examples?: Record<string, { value: string | number | string[] }>;
}
interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  parameters?: OpenApiParameter[];
  responses: Record<string, { content: Record<string, { examples?: Record<string, { summary: string; value: unknown }> }> }>;
}

/** The address an example asks: its path with the id put in, and its query parameters. */
export function exampleHref(path: string, parameters: OpenApiParameter[], name: string): string {
  let href = path;
  const query = new URLSearchParams();
  for (const p of parameters) {
    const value = p.examples?.[name]?.value;
    if (value === undefined) continue;
    if (p.in === "path") href = href.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else for (const one of Array.isArray(value) ? value : [value]) query.append(p.name, String(one));
  }
  const search = query.toString();
  return search ? `${href}?${search}` : href;
}

export async function apiPage(ctx: AppContext, i18n: I18n, origin: string): Promise<ApiPageView> {
  const document = (await buildOpenApi(ctx, { i18n, origin })) as { paths: Record<string, { get: OpenApiOperation }> };
  const inPath = i18n._(msg`in the path`);
  const inQuery = i18n._(msg`in the query`);
  const operations = Object.entries(document.paths).map(([path, { get: op }]) => {
    const parameters = op.parameters ?? [];
    const examples: ApiExampleView[] = [];
    for (const [status, response] of Object.entries(op.responses))
      for (const [name, example] of Object.entries(response.content["application/json"]?.examples ?? {})) {
        const value = Array.isArray(example.value) ? example.value.slice(0, SHOWN_ITEMS) : example.value;
        examples.push({
          summary: example.summary,
          href: exampleHref(path, parameters, name),
          status: Number(status),
          body: JSON.stringify(value, null, 2),
        });
      }
    return {
      id: op.operationId,
      method: "GET",
      path,
      summary: op.summary,
      description: op.description,
      parameters: parameters.map((p) => ({
        name: p.name,
        where: p.in === "path" ? inPath : inQuery,
        description: p.description ?? "",
        values: p.schema.enum ?? null,
        repeatable: p.schema.type === "array",
      })),
      examples,
    };
  });
  return {
    texts: {
      title: i18n._(msg`Public API`),
      intro: i18n._(
        msg`The published documents and dashboards of this portal as JSON, for other sites and tools. Every endpoint is read-only and needs no sign-in; any site may call it from a browser. Drafts and anything unpublished are never given.`,
      ),
      documentLink: i18n._(msg`The OpenAPI 3.1 description, for tools`),
      endpoints: i18n._(msg`Endpoints`),
      parameters: i18n._(msg`Parameters`),
      noParameters: i18n._(msg`No parameters.`),
      values: i18n._(msg`Values:`),
      repeatable: i18n._(msg`May be repeated.`),
      inPath: inPath,
      inQuery: inQuery,
      examples: i18n._(msg`Examples`),
      request: i18n._(msg`Request`),
      status: i18n._(msg`Answer, status`),
      cut: i18n._(msg`A list shows its first ${SHOWN_ITEMS} items here; the link gives the whole answer.`),
    },
    operations,
  };
}
