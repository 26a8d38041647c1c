import type { Kysely } from "kysely";
import type { Database, RecoveryCodesTable, TwoFactorTable } from "../../db/types";

/** The only module that touches the two_factor and recovery_codes tables. */

export function selectTwoFactor(db: Kysely<Database>, userId: string) {
  return db.selectFrom("two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Whether the account signs in with a second factor (a confirmed enrolment). */
export async function hasEnabledTwoFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("two_factor")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Starts (or restarts) a pending enrolment; an enabled one is never replaced here. */
export async function upsertPendingTwoFactor(db: Kysely<Database>, row: Omit<TwoFactorTable, "last_step" | "enabled_at">): Promise<void> {
  await db.deleteFrom("two_factor").where("user_id", "=", row.user_id).where("enabled_at", "is", null).execute();
  await db
    .insertInto("two_factor")
    .values({ ...row, enabled_at: null, last_step: null })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/**
 * Accepts a code's time step: a conditional write, so of two requests carrying the same code (or
 * codes of older steps) only the first succeeds. `enabling` also turns a pending enrolment on.
 */
export async function claimStep(db: Kysely<Database>, userId: string, step: number, at: string, enabling: boolean): Promise<boolean> {
  let query = db
    .updateTable("two_factor")
    .set(enabling ? { last_step: step, enabled_at: at } : { last_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]));
  query = enabling ? query.where("enabled_at", "is", null) : query.where("enabled_at", "is not", null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db.deleteFrom("two_factor").where("user_id", "=", userId).execute();
}

/** Replaces every recovery code of the account (the old ones stop working). */
export async function replaceRecoveryCodes(db: Kysely<Database>, userId: string, rows: RecoveryCodesTable[]): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db.insertInto("recovery_codes").values(rows).execute();
}

/** Uses a recovery code: a conditional write, so a code works once even when sent twice at once. */
export async function consumeRecoveryCode(db: Kysely<Database>, userId: string, codeHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: at })
    .where("code_hash", "=", codeHash)
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
