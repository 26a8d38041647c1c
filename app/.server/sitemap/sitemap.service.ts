import { documentShareUrl } from "~/lib/share";
import type { AppContext } from "../context";
import { listPublicDashboards } from "../dashboards/dashboards.service";
import { publishedAfter, publishedDocumentCount, publishedStart } from "../documents/documents.service";
import { INDEX_CLOSE, INDEX_OPEN, type SitemapEntry, sitemapElement, URLSET_CLOSE, URLSET_OPEN, urlElement } from "./xml";

/**
 * The sitemap (issue 15, decision 0032): the public pages, every public dashboard and every
 * published document's page with its last change. One file while the addresses fit the
 * protocol's 50,000; past that, /sitemap.xml is an index of numbered files. Documents are read
 * by key a thousand at a time and written as they come: a file of 50,000 never holds more than
 * a thousand rows in memory. Share links (tokens) never appear: they are for the people they
 * were sent to.
 */

/** The protocol's limit of addresses in one file (sitemaps.org). Tests pass a smaller one. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** Documents read per statement while a file is written. */
const DOCUMENTS_PER_READ = 1_000;

/** The public pages that are always there, in the order a visitor meets them. */
export const PUBLIC_PAGES = ["/", "/documents", "/reports", "/guidelines", "/standards", "/dashboards", "/about", "/tools/url-decoder"];

/** The address of the n-th file (from 1) once the sitemap is split. */
export function sitemapFilePath(n: number): string {
  return `/sitemaps/${n}.xml`;
}

interface Plan {
  /** The pages and dashboards, which come before the documents. */
  pages: SitemapEntry[];
  documents: number;
  /** 1 when everything fits in /sitemap.xml, else the number of numbered files. */
  files: number;
  split: boolean;
}

async function plan(ctx: AppContext, origin: string, perFile: number): Promise<Plan> {
  const [dashboards, documents] = await Promise.all([listPublicDashboards(ctx), publishedDocumentCount(ctx)]);
  const pages = [
    ...PUBLIC_PAGES.map((path) => ({ loc: new URL(path, origin).href })),
    ...dashboards.map((d) => ({ loc: new URL(`/dashboards/${encodeURIComponent(d.id)}`, origin).href })),
  ];
  const total = pages.length + documents;
  const split = total > perFile;
  return { pages, documents, files: split ? Math.ceil(total / perFile) : 1, split };
}

/**
 * GET /sitemap.xml: every address when they fit in one file, else the index of the numbered
 * files (each under `perFile` addresses).
 */
export async function sitemapRoot(ctx: AppContext, origin: string, perFile = SITEMAP_URLS_PER_FILE): Promise<AsyncIterable<string>> {
  const p = await plan(ctx, origin, perFile);
  if (!p.split) return urlset(ctx, origin, p, 0, p.pages.length + p.documents);
  return sitemapIndex(origin, p.files);
}

/**
 * GET /sitemaps/:n.xml: the n-th file of a split sitemap, or null when there is no such file
 * (out of range, or the sitemap is not split: the same addresses are not offered twice).
 */
export async function sitemapFile(
  ctx: AppContext,
  origin: string,
  n: number,
  perFile = SITEMAP_URLS_PER_FILE,
): Promise<AsyncIterable<string> | null> {
  const p = await plan(ctx, origin, perFile);
  if (!p.split || !Number.isSafeInteger(n) || n < 1 || n > p.files) return null;
  return urlset(ctx, origin, p, (n - 1) * perFile, n * perFile);
}

async function* sitemapIndex(origin: string, files: number): AsyncIterable<string> {
  yield INDEX_OPEN;
  for (let n = 1; n <= files; n++) yield sitemapElement({ loc: new URL(sitemapFilePath(n), origin).href });
  yield INDEX_CLOSE;
}

/** The addresses at positions [start, end) of the whole list: pages first, then documents. */
async function* urlset(ctx: AppContext, origin: string, p: Plan, start: number, end: number): AsyncIterable<string> {
  yield URLSET_OPEN;
  const pages = p.pages.slice(start, end);
  if (pages.length > 0) yield pages.map(urlElement).join("");
  const first = Math.max(0, start - p.pages.length);
  let remaining = Math.min(p.documents, end - p.pages.length) - first;
  const from = remaining > 0 ? await publishedStart(ctx, first) : null;
  let after = from?.after ?? null;
  while (from && remaining > 0) {
    const rows = await publishedAfter(ctx, after, Math.min(DOCUMENTS_PER_READ, remaining));
    if (rows.length === 0) break;
    yield rows.map((row) => urlElement({ loc: documentShareUrl(origin, row.id), lastmod: row.updated_at })).join("");
    remaining -= rows.length;
    after = rows[rows.length - 1]!;
  }
  yield URLSET_CLOSE;
}
