/**
 * Paging of every list that can grow (issue 10; ARCHITECTURE.md section 6, "Paging is the rule"):
 * the page and the page size come from the address (`?page=`, `?per=`), so a page works without
 * JavaScript and can be shared; the total is counted exactly, and a page past the end shows the
 * last page. One reader and one clamp, for the public lists and every admin table alike.
 *
 * The address is untrusted: `page=-1`, `page=1e309`, `per=abc` or `per=100000` never throw and
 * never reach a query as they are.
 */

/** Page sizes: `?per=` is clamped to this range; cards default to 24, tables to 50. */
export const PER_MIN = 12;
export const PER_MAX = 100;
export const CARD_PER = 24;
export const TABLE_PER = 50;

/** The page and page size an address asks for: page ≥ 1, per within PER_MIN..PER_MAX. */
export interface Paging {
  page: number;
  per: number;
}

/** A positive whole number from the address, or the fallback (`page=-1`, `page=1e309`, `per=abc`). */
export function wholeNumber(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return fallback;
  const n = Number.parseInt(value, 10);
  return n >= 1 ? n : fallback;
}

/** A page size within PER_MIN..PER_MAX. */
export function clampPer(per: number): number {
  return Math.min(PER_MAX, Math.max(PER_MIN, per));
}

/**
 * Reads `page` and `per` from an address; never throws. A page with two lists names the second
 * list's page parameter (`pageParam`); both share `per`.
 */
export function readPaging(params: URLSearchParams, defaultPer: number = TABLE_PER, pageParam = "page"): Paging {
  return { page: wholeNumber(params.get(pageParam), 1), per: clampPer(wholeNumber(params.get("per"), defaultPer)) };
}

/** A page of results: the rows, the exact total, and where this page is. */
export interface ResultPage<T> {
  items: T[];
  total: number;
  /** The page shown: a page past the end shows the last one. */
  page: number;
  per: number;
  pageCount: number;
}

/** Where a page lies once the total is known: a page past the end is the last page (page 1 when empty). */
export function pageWindow(total: number, wanted: Paging): { page: number; per: number; pageCount: number; offset: number } {
  const per = clampPer(Math.floor(wanted.per) || TABLE_PER);
  const pageCount = Math.max(1, Math.ceil(total / per));
  const asked = Number.isFinite(wanted.page) && wanted.page >= 1 ? Math.floor(wanted.page) : 1;
  const page = Math.min(asked, pageCount);
  return { page, per, pageCount, offset: (page - 1) * per };
}

/**
 * One page of a list: counts first (the count decides the last page), then reads that page's rows
 * with LIMIT/OFFSET. An empty list reads no rows.
 */
export async function readPage<T>(
  wanted: Paging,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<ResultPage<T>> {
  const total = await count();
  const { page, per, pageCount, offset } = pageWindow(total, wanted);
  const items = total === 0 ? [] : await rows(per, offset);
  return { items, total, page, per, pageCount };
}

/**
 * The address of page `page` of a list at `path`, with the list's other parameters (empty ones
 * left out), `per` only when it is not the default, and the page (`pageParam`) only past the first.
 */
export function pageHref(
  path: string,
  state: Record<string, string | null | undefined>,
  page: number,
  per: number,
  defaultPer: number = TABLE_PER,
  pageParam = "page",
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state)) if (value && name !== pageParam && name !== "per") params.set(name, value);
  if (per !== defaultPer) params.set("per", String(per));
  if (page > 1) params.set(pageParam, String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
