import type { Kysely } from "kysely";
import type { Database } from "../db/types";

/** Every table of the schema, in the order the Database page lists them. */
export const TABLES = [
  "users",
  "sessions",
  "login_throttle",
  "one_time_tokens",
  "two_factor",
  "recovery_codes",
  "folders",
  "documents",
  "document_attachments",
  "dashboards",
  "navigation_menu",
  "contact_info",
  "activity_logs",
  "settings",
  "jobs",
] as const satisfies ReadonlyArray<keyof Database>;

export type TableName = (typeof TABLES)[number];

export async function countTable(db: Kysely<Database>, table: TableName): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bytes of stored files the database knows of: every document's file and every attachment. */
export async function selectStoredBytes(db: Kysely<Database>): Promise<number> {
  const [docs, attachments] = await Promise.all([
    db
      .selectFrom("documents")
      .select((eb) => eb.fn.sum<string | number | null>("size").as("bytes"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("document_attachments")
      .select((eb) => eb.fn.sum<string | number | null>("file_size").as("bytes"))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(docs.bytes ?? 0) + Number(attachments.bytes ?? 0);
}
