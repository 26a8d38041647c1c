import { canonicalCategory } from "~/lib/categories";
import type { DashboardListItem } from "~/lib/dashboards";
import { parseDashboardQuery } from "~/lib/dashboards";
import { type FacetCounts, PER_MAX, PER_MIN, readListQuery } from "~/lib/document-query";
import type { ResultPage } from "~/lib/paging";
import type { AppContext } from "../context";
import { browseDashboards, findPublicDashboard, type PublicDashboard } from "../dashboards/dashboards.service";
import {
  type DocumentDetail,
  findPublishedDocument,
  listAttachments,
  listPublicDocuments,
  listPublicListItems,
  type PublicListItem,
  toDocumentDetail,
} from "../documents/documents.service";
import { dashboardListParams, documentListParams, readParams, toSearchParams } from "./schemas";

/**
 * The public JSON API's answers (decision 0035), published data only: the routes under
 * /api/public call these, and the OpenAPI document's examples are answered by the same calls.
 * Every address is read through the parameter schemas of schemas.ts.
 */

/** The lists' query from an address, read through the documented parameters; null when the category is unknown (an empty answer). */
function documentQuery(params: URLSearchParams) {
  const read = readParams(documentListParams, params);
  const category = read.category?.trim();
  if (category && category.toLowerCase() !== "all" && !canonicalCategory(category)) return null;
  return readListQuery(toSearchParams(read), { per: PER_MAX, category: true });
}

const EMPTY_PAGE: ResultPage<PublicListItem> = { items: [], total: 0, page: 1, per: PER_MAX, pageCount: 1 };

/** GET /api/public/documents: one page of published documents. */
export async function documentsPage(ctx: AppContext, params: URLSearchParams): Promise<ResultPage<PublicListItem>> {
  const query = documentQuery(params);
  return query ? listPublicListItems(ctx, query) : EMPTY_PAGE;
}

const NO_FACETS: FacetCounts = { category: [], type: [], language: [], year: [], tags: [], partners: [], locations: [], sectors: [] };

/** GET /api/public/documents/facets: the facet counts of the documents the same query finds. */
export async function documentFacets(ctx: AppContext, params: URLSearchParams): Promise<FacetCounts> {
  const query = documentQuery(params);
  if (!query) return NO_FACETS;
  const { facets } = await listPublicDocuments(ctx, { ...query, page: 1, per: PER_MIN }, { facets: true });
  return facets ?? NO_FACETS;
}

/** GET /api/public/documents/{id}: a published document, or null (unknown, draft or unpublished). */
export async function documentById(ctx: AppContext, id: string): Promise<DocumentDetail | null> {
  const row = await findPublishedDocument(ctx, id);
  return row ? toDocumentDetail(row, await listAttachments(ctx, row.id)) : null;
}

/** GET /api/public/dashboards: the published dashboards, filtered and sorted as the query says. */
export async function dashboardsList(ctx: AppContext, params: URLSearchParams): Promise<DashboardListItem[]> {
  const query = parseDashboardQuery(toSearchParams(readParams(dashboardListParams, params)));
  return (await browseDashboards(ctx, query)).dashboards;
}

/** GET /api/public/dashboards/{id}: a published dashboard, or null. */
export function dashboardById(ctx: AppContext, id: string): Promise<PublicDashboard | null> {
  return findPublicDashboard(ctx, id);
}
