import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types";

class RolledBack extends Error {}

/**
 * Writes a row inside a transaction, reads it back, and rolls back. Returns what was read inside
 * and whether the row is gone afterwards: a working database gives (value, true).
 */
export async function writeReadRollback(
  db: Kysely<Database>,
  key: string,
  value: string,
  now: string,
): Promise<{ readBack: string | null; goneAfter: boolean }> {
  let readBack: string | null = null;
  await sql`select 1`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("settings").values({ key, value, updated_at: now, updated_by: null }).execute();
      const row = await trx.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
      readBack = row?.value ?? null;
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  const after = await db.selectFrom("settings").select("key").where("key", "=", key).executeTakeFirst();
  return { readBack, goneAfter: after === undefined };
}
