import type { Insertable, Kysely, Updateable } from "kysely";
import type { ContactInfoTable, Database, NavigationMenuTable } from "../db/types";

export function selectActiveMenu(db: Kysely<Database>) {
  return db
    .selectFrom("navigation_menu")
    .select(["title", "title_so", "url", "icon"])
    .where("is_active", "=", 1)
    .orderBy("display_order")
    .orderBy("title")
    .execute();
}

export function selectPublicContacts(db: Kysely<Database>) {
  return db
    .selectFrom("contact_info")
    .select(["label", "label_so", "value", "type"])
    .where("is_public", "=", 1)
    .orderBy("display_order")
    .orderBy("label")
    .execute();
}

// The admin editors (Settings screen) -------------------------------------------------------------

export function selectAllMenuItems(db: Kysely<Database>) {
  return db.selectFrom("navigation_menu").selectAll().orderBy("display_order").orderBy("title").orderBy("id").execute();
}

export async function insertMenuItems(db: Kysely<Database>, rows: Insertable<NavigationMenuTable>[]): Promise<void> {
  if (rows.length) await db.insertInto("navigation_menu").values(rows).execute();
}

/** Returns whether a row was changed (false: no such item). */
export async function updateMenuItem(db: Kysely<Database>, id: string, edit: Updateable<NavigationMenuTable>): Promise<boolean> {
  const result = await db.updateTable("navigation_menu").set(edit).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMenuItem(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("navigation_menu").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function selectAllContacts(db: Kysely<Database>) {
  return db.selectFrom("contact_info").selectAll().orderBy("display_order").orderBy("label").orderBy("id").execute();
}

export async function insertContacts(db: Kysely<Database>, rows: Insertable<ContactInfoTable>[]): Promise<void> {
  if (rows.length) await db.insertInto("contact_info").values(rows).execute();
}

export async function updateContact(db: Kysely<Database>, id: string, edit: Updateable<ContactInfoTable>): Promise<boolean> {
  const result = await db.updateTable("contact_info").set(edit).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteContact(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("contact_info").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countRows(db: Kysely<Database>, table: "navigation_menu" | "contact_info"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
