import type { Kysely } from "kysely";
import type { Engine } from "../client";

/**
 * documents.file_missing_at: when a download, a preview or the check pass (`portal check`) last
 * found the document's stored file gone (null: found, or never looked for). The admin table
 * marks such rows from this column, so listing documents never asks the storage about every
 * row. Additive only: existing rows start unmarked until a check or a download looks.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("documents").addColumn("file_missing_at", "text").execute();
}
