import type { Kysely } from "kysely";
import type { Database } from "../db/types";

/**
 * The published documents in one fixed order, (created_at, id), read by key a page at a time
 * (decision 0032): the sitemap walks 100,000 of them without holding more than a page. The
 * order is the published-and-created index's (migration 0001); `created_at >= ?` keeps the scan
 * on that index (an `OR` of the two keys would not), the id breaks ties among equal times.
 */

export interface PublishedKey {
  id: string;
  created_at: string;
}

export interface PublishedStamp extends PublishedKey {
  updated_at: string;
}

export async function countPublishedDocuments(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("published", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The key of the published document at `offset` in the order, or undefined past the end. */
export function selectPublishedKeyAt(db: Kysely<Database>, offset: number): Promise<PublishedKey | undefined> {
  return db
    .selectFrom("documents")
    .select(["id", "created_at"])
    .where("published", "=", 1)
    .orderBy("created_at")
    .orderBy("id")
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
}

/** Up to `limit` published documents after `after` (from the first when null), in the order. */
export function selectPublishedAfter(db: Kysely<Database>, after: PublishedKey | null, limit: number): Promise<PublishedStamp[]> {
  let query = db.selectFrom("documents").select(["id", "created_at", "updated_at"]).where("published", "=", 1);
  if (after) {
    query = query
      .where("created_at", ">=", after.created_at)
      .where((eb) => eb.or([eb("created_at", ">", after.created_at), eb("id", ">", after.id)]));
  }
  return query.orderBy("created_at").orderBy("id").limit(limit).execute();
}
