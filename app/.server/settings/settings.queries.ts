import type { Kysely } from "kysely";
import type { Database } from "../db/types";

/** Inserts the setting unless the key exists; the first writer wins on both engines. */
export async function insertSettingIfAbsent(db: Kysely<Database>, row: { key: string; value: string; updated_at: string }): Promise<void> {
  await db
    .insertInto("settings")
    .values({ ...row, updated_by: null })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export async function selectSettingValue(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function selectSettingValues(db: Kysely<Database>, keys: readonly string[]): Promise<Record<string, string>> {
  if (!keys.length) return {};
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", keys).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Writes each row, replacing an existing value; run inside a transaction so a save is all or nothing. */
export async function upsertSettings(
  db: Kysely<Database>,
  rows: Array<{ key: string; value: string; updated_at: string; updated_by: string | null }>,
): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto("settings")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: row.updated_at, updated_by: row.updated_by }))
      .execute();
  }
}

/** The latest save among `keys`: when, and the e-mail of who saved it (null if that account is gone). */
export async function selectLatestSave(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<{ updated_at: string; email: string | null } | undefined> {
  return db
    .selectFrom("settings")
    .leftJoin("users", "users.id", "settings.updated_by")
    .select(["settings.updated_at", "users.email"])
    .where("settings.key", "in", keys)
    .orderBy("settings.updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Removes the rows of `keys` (a setting back to its default); a missing row is no error. */
export async function deleteSettings(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.deleteFrom("settings").where("key", "in", keys).execute();
}
