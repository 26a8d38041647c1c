import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/client";
import { isOneOf } from "../db/id-list";
import type { Database, DocumentRow } from "../db/types";

/**
 * The SQL of document lists (listing.ts decides what to ask): rows by id, the newest published,
 * and the most downloaded. Matching, filtering, counting and the other orders happen in the list
 * index (list-index.ts, decisions 0018 and 0039). Values are always bound parameters.
 */

/** Documents by id, in the order of the ids given (an id no longer there is left out). */
export async function selectRowsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<DocumentRow>`select * from documents where id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is DocumentRow => r !== undefined);
}

/** The newest published documents (the home page's latest publications): read in the order of an index, no count. */
export function selectLatestPublished(db: Kysely<Database>, limit: number): Promise<DocumentRow[]> {
  return db
    .selectFrom("documents")
    .selectAll()
    .where("published", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The most downloaded first; equal counts newest first, as the other orders break ties. */
const MOST_DOWNLOADED = sql`order by download_count desc, created_at desc, id desc`;

/**
 * A stretch of every document (or every published one) in the most downloaded order: read in the
 * order of the index on (published, download_count), sorting only ties.
 */
export async function selectMostDownloaded(db: Kysely<Database>, publishedOnly: boolean, limit: number, offset: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from documents ${publishedOnly ? sql`where published = 1` : sql``}
    ${MOST_DOWNLOADED} limit ${limit} offset ${offset}`.execute(db);
  return rows.map((r) => r.id);
}

/** One page of the given documents in the most downloaded order (for a few thousand ids: each read by its key, then sorted). */
export async function selectMostDownloadedAmong(
  db: Kysely<Database>,
  engine: Engine,
  ids: readonly string[],
  limit: number,
  offset: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    id: string;
  }>`select id from documents where ${isOneOf(engine, sql.ref("id"), ids)} ${MOST_DOWNLOADED} limit ${limit} offset ${offset}`.execute(db);
  return rows.map((r) => r.id);
}
