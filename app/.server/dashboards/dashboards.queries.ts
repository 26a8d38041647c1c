import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Engine } from "../db/client";
import type { DashboardsTable, Database } from "../db/types";

export type DashboardRow = Selectable<DashboardsTable>;

/** Public dashboards in the spec's order (display_order ascending), as the (is_public, display_order) index is. */
export function selectPublicDashboards(db: Kysely<Database>): Promise<DashboardRow[]> {
  return db
    .selectFrom("dashboards")
    .selectAll()
    .where("is_public", "=", 1)
    .orderBy("display_order", "asc")
    .orderBy("title", "asc")
    .orderBy("id", "asc")
    .execute();
}

export function selectPublicDashboardById(db: Kysely<Database>, id: string): Promise<DashboardRow | undefined> {
  return db.selectFrom("dashboards").selectAll().where("id", "=", id).where("is_public", "=", 1).executeTakeFirst();
}

// Admin management (dashboards.admin.ts) ----------------------------------------------------------

/** Every dashboard, public and private, in the public list's order. */
export function selectAllDashboards(db: Kysely<Database>): Promise<DashboardRow[]> {
  return db.selectFrom("dashboards").selectAll().orderBy("display_order", "asc").orderBy("title", "asc").orderBy("id", "asc").execute();
}

export function selectDashboardById(db: Kysely<Database>, id: string): Promise<DashboardRow | undefined> {
  return db.selectFrom("dashboards").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The row, locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time anyway). */
export function selectDashboardForUpdate(db: Kysely<Database>, id: string, engine: Engine): Promise<DashboardRow | undefined> {
  let query = db.selectFrom("dashboards").selectAll().where("id", "=", id);
  if (engine === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertDashboard(db: Kysely<Database>, row: Insertable<DashboardsTable>): Promise<void> {
  await db.insertInto("dashboards").values(row).execute();
}

export async function updateDashboardRow(db: Kysely<Database>, id: string, changes: Updateable<DashboardsTable>): Promise<void> {
  await db.updateTable("dashboards").set(changes).where("id", "=", id).execute();
}

export async function deleteDashboardRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("dashboards").where("id", "=", id).execute();
}
