import { type Kysely, sql } from "kysely";
import type { Database, DocumentRow, NewDocument } from "../db/types";

export interface DocumentFilter {
  /** Lower-cased search text; matched as a substring of search_text. */
  q?: string;
  categories?: string[];
  publishedOnly: boolean;
  limit?: number;
}

/** Escapes LIKE wildcards so a search for "50%" means the characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function selectDocuments(db: Kysely<Database>, filter: DocumentFilter): Promise<DocumentRow[]> {
  let query = db.selectFrom("documents").selectAll();
  if (filter.publishedOnly) query = query.where("published", "=", 1);
  if (filter.categories?.length) query = query.where("category", "in", filter.categories);
  if (filter.q) query = query.where(sql<boolean>`search_text like ${likePattern(filter.q)} escape '\\'`);
  // Ordered as the (published, created_at) index is, newest first; id breaks ties stably.
  query = query.orderBy("created_at", "desc").orderBy("id", "desc");
  if (filter.limit) query = query.limit(filter.limit);
  return query.execute();
}

export function selectDocumentById(db: Kysely<Database>, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertDocument(db: Kysely<Database>, row: NewDocument): Promise<void> {
  await db.insertInto("documents").values(row).execute();
}

export async function incrementDownloadCount(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable("documents")
    .set((eb) => ({ download_count: eb("download_count", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

export async function countDocuments(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
