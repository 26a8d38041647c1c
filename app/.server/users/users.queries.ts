import type { Kysely } from "kysely";
import type { Engine } from "../db/client";
import type { Database, NewUser, UserRow, UsersTable } from "../db/types";

export function selectUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function selectUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<void> {
  await db.insertInto("users").values(user).execute();
}

export async function countActiveAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("role", "=", "admin")
    .where("is_active", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordLogin(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ login_count: eb("login_count", "+", 1), last_login_at: at, updated_at: at }))
    .where("id", "=", id)
    .execute();
}

/** One page of the accounts, newest first (admin-and-sharing section 7), in the created_at index's order. */
export function selectUserPage(db: Kysely<Database>, limit: number, offset: number): Promise<UserRow[]> {
  return db.selectFrom("users").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

/**
 * The ids of the active admins, locked until the transaction ends on
 * PostgreSQL, so two admins demoting each other at once cannot both succeed.
 * (SQLite runs one write transaction at a time.)
 */
export async function lockActiveAdminIds(db: Kysely<Database>, engine: Engine): Promise<string[]> {
  let query = db.selectFrom("users").select("id").where("role", "=", "admin").where("is_active", "=", 1);
  if (engine === "postgres") query = query.orderBy("id").forUpdate();
  return (await query.execute()).map((r) => r.id);
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<UsersTable, "role" | "password_hash" | "name" | "organization">> & { is_active?: number },
  at: string,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...changes, updated_at: at })
    .where("id", "=", id)
    .execute();
}
