import type { Insertable, Kysely } from "kysely";
import type { ContactInfoTable, DashboardsTable, Database, FoldersTable, NavigationMenuTable } from "../db/types";
import { noteDocumentChange } from "../search/search-index";

/**
 * The demo module's only database access. Every insert is "insert if absent":
 * the caller checks the natural key (folder name, dashboard title, menu url,
 * contact value, document title) and the insert itself ignores an existing
 * id, so a second run of the demo loader, or two runs racing, adds nothing.
 * Plain `on conflict (id) do nothing` works on SQLite and PostgreSQL alike.
 */

export type NewFolder = Insertable<FoldersTable>;
export type NewDashboard = Insertable<DashboardsTable>;
export type NewMenuItem = Insertable<NavigationMenuTable>;
export type NewContact = Insertable<ContactInfoTable>;

function inserted(result: { numInsertedOrUpdatedRows: bigint | undefined } | undefined): boolean {
  return (result?.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

// Folders ---------------------------------------------------------------------

/** Existing folders with one of these names (the first one found per name wins). */
export async function selectFolderIdsByName(db: Kysely<Database>, names: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (names.length === 0) return found;
  const rows = await db
    .selectFrom("folders")
    .select(["id", "name"])
    .where("name", "in", names)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  for (const row of rows) if (!found.has(row.name)) found.set(row.name, row.id);
  return found;
}

export async function insertFolderIfAbsent(db: Kysely<Database>, row: NewFolder): Promise<boolean> {
  const result = await db
    .insertInto("folders")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return inserted(result);
}

// Documents -------------------------------------------------------------------

/** Which of these titles a document already has. */
export async function selectExistingDocumentTitles(db: Kysely<Database>, titles: string[]): Promise<Set<string>> {
  if (titles.length === 0) return new Set();
  const rows = await db.selectFrom("documents").select("title").where("title", "in", titles).execute();
  return new Set(rows.map((r) => r.title));
}

/** Back-dates a freshly created demo document so the library shows a realistic spread of dates (its year counts change). */
export async function setDocumentDates(db: Kysely<Database>, id: string, dates: { createdAt: string; updatedAt: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("documents").set({ created_at: dates.createdAt, updated_at: dates.updatedAt }).where("id", "=", id).execute();
    await noteDocumentChange(trx, id);
  });
}

// Dashboards ------------------------------------------------------------------

export async function dashboardExists(db: Kysely<Database>, id: string, title: string): Promise<boolean> {
  const row = await db
    .selectFrom("dashboards")
    .select("id")
    .where((eb) => eb.or([eb("id", "=", id), eb("title", "=", title)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDashboardIfAbsent(db: Kysely<Database>, row: NewDashboard): Promise<boolean> {
  const result = await db
    .insertInto("dashboards")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return inserted(result);
}

// Navigation menu -------------------------------------------------------------

export async function menuItemExists(db: Kysely<Database>, id: string, url: string): Promise<boolean> {
  const row = await db
    .selectFrom("navigation_menu")
    .select("id")
    .where((eb) => eb.or([eb("id", "=", id), eb("url", "=", url)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMenuItemIfAbsent(db: Kysely<Database>, row: NewMenuItem): Promise<boolean> {
  const result = await db
    .insertInto("navigation_menu")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return inserted(result);
}

// Contacts --------------------------------------------------------------------

export async function contactExists(db: Kysely<Database>, id: string, value: string): Promise<boolean> {
  const row = await db
    .selectFrom("contact_info")
    .select("id")
    .where((eb) => eb.or([eb("id", "=", id), eb("value", "=", value)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertContactIfAbsent(db: Kysely<Database>, row: NewContact): Promise<boolean> {
  const result = await db
    .insertInto("contact_info")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return inserted(result);
}
