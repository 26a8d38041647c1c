import type { Kysely } from "kysely";
import type { Engine } from "../client";

/**
 * Two-factor sign-in (decision 0026).
 * - two_factor: one row per account that started enrolment. `secret` is the TOTP key sealed with
 *   AES-256-GCM (never stored in the clear); `enabled_at` is null until the owner confirmed a code
 *   (a pending enrolment); `last_step` is the last accepted 30-second time step, so a code is
 *   accepted at most once (replay).
 * - recovery_codes: ten single-use codes per account, stored only as their sha256.
 * The half-signed-in state between password and code uses one_time_tokens (purpose
 * "two-factor-sign-in"), which needs no schema change. Additive only.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled_at", "text")
    .addColumn("last_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("code_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recovery_codes_user_idx").on("recovery_codes").column("user_id").execute();
}
