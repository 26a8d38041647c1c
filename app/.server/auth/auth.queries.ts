import type { Kysely, Selectable } from "kysely";
import type { Engine } from "../db/client";
import type { Database, LoginThrottleTable, OneTimeTokensTable, SessionsTable, UserRow } from "../db/types";

// Sessions

export async function insertSession(db: Kysely<Database>, row: Selectable<SessionsTable>): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

export async function selectSessionWithUser(
  db: Kysely<Database>,
  id: string,
): Promise<{ session: Selectable<SessionsTable>; user: UserRow } | undefined> {
  const session = await db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!session) return undefined;
  const user = await db.selectFrom("users").selectAll().where("id", "=", session.user_id).executeTakeFirst();
  return user ? { session, user } : undefined;
}

export async function updateSessionExpiry(db: Kysely<Database>, id: string, lastSeenAt: string, expiresAt: string) {
  await db.updateTable("sessions").set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where("id", "=", id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

export async function deleteSessionsOfUser(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/** Ends every session of a user but one (a password change keeps the browser that made it); returns how many ended. */
export async function deleteOtherSessionsOfUser(db: Kysely<Database>, userId: string, keepId: string): Promise<number> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "!=", keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}

export async function countLiveSessions(db: Kysely<Database>, now: string): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Login throttling

export function selectThrottle(db: Kysely<Database>, key: string): Promise<Selectable<LoginThrottleTable> | undefined> {
  return db.selectFrom("login_throttle").selectAll().where("key", "=", key).executeTakeFirst();
}

/**
 * The row of `key`, created with no failures when missing, and locked until the transaction ends
 * on PostgreSQL, so concurrent failures on several instances are counted one after the other.
 * (SQLite runs one write transaction at a time already.) One statement, an insert that updates
 * the row when it is there: an insert-if-missing followed by a `select ... for update` found no
 * row when a successful sign-in cleared the e-mail's count between the two (two browsers sending
 * one code at once), and the sign-in failed with a server error.
 */
export async function lockThrottle(db: Kysely<Database>, key: string, now: string): Promise<Selectable<LoginThrottleTable>> {
  return (
    db
      .insertInto("login_throttle")
      .values({ key, failures: 0, window_started_at: now, blocked_until: null })
      // A write that changes nothing, for the row lock and the row itself (`do nothing` returns no row).
      .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ key: eb.ref("excluded.key") })))
      .returningAll()
      .executeTakeFirstOrThrow()
  );
}

/**
 * Removes the counts that no longer matter: no block running, and the window of failures they
 * count closed `windowMs` ago or more. A blocked key's window starts when its block ends.
 */
export async function deleteExpiredThrottles(db: Kysely<Database>, now: string, windowClosedBefore: string): Promise<void> {
  await db
    .deleteFrom("login_throttle")
    .where("window_started_at", "<", windowClosedBefore)
    .where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<=", now)]))
    .execute();
}

/** Writes the count of a row that `lockThrottle` created or locked in the same transaction. */
export async function updateThrottle(db: Kysely<Database>, row: Selectable<LoginThrottleTable>): Promise<void> {
  await db
    .updateTable("login_throttle")
    .set({ failures: row.failures, window_started_at: row.window_started_at, blocked_until: row.blocked_until })
    .where("key", "=", row.key)
    .execute();
}

export async function deleteThrottle(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}

// One-time tokens

export async function insertOneTimeToken(db: Kysely<Database>, row: Selectable<OneTimeTokensTable>): Promise<void> {
  await db.insertInto("one_time_tokens").values(row).execute();
}

export function selectOneTimeToken(db: Kysely<Database>, id: string) {
  return db.selectFrom("one_time_tokens").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Marks a live token of `purpose` used, in one conditional write: of several callers at once only
 * one wins, the others get false (it was used, expired or is of another purpose).
 */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  id: string,
  purpose: OneTimeTokensTable["purpose"],
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("one_time_tokens")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Locks every first-admin setup token, in one order, until the transaction ends on PostgreSQL, so
 * setups with different links run one after the other and the second sees the first's admin.
 * (SQLite runs one write transaction at a time.)
 */
export async function lockSetupTokens(db: Kysely<Database>, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  await db.selectFrom("one_time_tokens").select("id").where("purpose", "=", "admin-setup").orderBy("id").forUpdate().execute();
}

export async function selectValidToken(db: Kysely<Database>, purpose: OneTimeTokensTable["purpose"], now: string) {
  return db
    .selectFrom("one_time_tokens")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

// Session administration (the Security page)

export function selectLiveSessionsWithUsers(db: Kysely<Database>, now: string) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id",
      "sessions.user_id",
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "sessions.ip_address",
      "sessions.user_agent",
      "users.email",
      "users.role",
    ])
    .where("sessions.expires_at", ">", now)
    .where("users.is_active", "=", 1)
    .orderBy("sessions.last_seen_at", "desc")
    .execute();
}

/** Retires a user's unused tokens of one purpose, so only the newest link works. */
export async function retireOneTimeTokensOfUser(
  db: Kysely<Database>,
  userId: string,
  purpose: OneTimeTokensTable["purpose"],
  at: string,
): Promise<void> {
  await db
    .updateTable("one_time_tokens")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}
