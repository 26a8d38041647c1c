import { randomUUID } from "node:crypto";
import { msg } from "@lingui/core/macro";
import type { Kysely } from "kysely";
import { type Paging, type ResultPage, readPage, TABLE_PER } from "~/lib/paging";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import { passwordProblem } from "../auth/password-rules";
import { hashPassword } from "../auth/passwords";
import { destroySessionsOfUser } from "../auth/sessions";
import type { AppContext } from "../context";
import type { Database, UserRow } from "../db/types";
import { serverI18n } from "../i18n/i18n";
import { iso } from "../time";
import {
  countActiveAdmins,
  countUsers,
  insertUser,
  lockActiveAdminIds,
  recordLogin,
  selectUserByEmail,
  selectUserById,
  selectUserPage,
  updateUser,
} from "./users.queries";

export type Role = UserRow["role"];

/** E-mail addresses are trimmed and lower-cased before any use (admin-and-sharing section 5). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The longest address mail can carry (RFC 5321): anything longer is no e-mail address. */
export const EMAIL_MAX = 254;
/** A person's name or organisation, as shown in the users table. */
export const ACCOUNT_NAME_MAX = 200;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

export class UserInputError extends Error {}

/** Refuses a new password the rule does not allow (decision 0022), with the rule's message. */
export function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new UserInputError(problem);
}

/** Refuses a name or organisation longer than the users table shows. */
function checkAccountNames(input: { name?: string | null; organization?: string | null }): void {
  const max = ACCOUNT_NAME_MAX;
  if ((input.name?.trim().length ?? 0) > ACCOUNT_NAME_MAX)
    throw new UserInputError(serverI18n()._(msg`Name must be at most ${max} characters`));
  if ((input.organization?.trim().length ?? 0) > ACCOUNT_NAME_MAX)
    throw new UserInputError(serverI18n()._(msg`Organization must be at most ${max} characters`));
}

export interface NewAccount {
  email: string;
  password: string;
  name?: string | null;
  organization?: string | null;
  role: Role;
}

export async function createUser(ctx: AppContext, input: NewAccount): Promise<UserRow> {
  const user = await newAccount(ctx, input);
  await storeAccount(ctx.db.kysely, user);
  return user;
}

/**
 * A new account's row, checked and with its password hashed, not stored yet: the slow hash runs
 * before a caller's transaction (storeAccount) rather than inside it.
 */
export async function newAccount(ctx: AppContext, input: NewAccount): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  if (!isValidEmail(email)) throw new UserInputError(serverI18n()._(msg`Please enter a valid email address`));
  checkAccountNames(input);
  checkNewPassword(input.password);
  if (await selectUserByEmail(ctx.db.kysely, email)) throw new UserInputError(serverI18n()._(msg`An account for ${email} already exists`));
  const now = iso(ctx.now());
  return {
    id: randomUUID(),
    email,
    name: input.name?.trim() || null,
    organization: input.organization?.trim() || null,
    role: input.role,
    password_hash: await hashPassword(input.password),
    is_active: 1,
    login_count: 0,
    last_login_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** Stores an account made by newAccount; `db` may be the caller's transaction. */
export async function storeAccount(db: Kysely<Database>, user: UserRow): Promise<void> {
  const email = user.email;
  if (await selectUserByEmail(db, email)) throw new UserInputError(serverI18n()._(msg`An account for ${email} already exists`));
  await insertUser(db, user);
}

export function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  return selectUserByEmail(ctx.db.kysely, normaliseEmail(email));
}

export function findUserById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return selectUserById(ctx.db.kysely, id);
}

/** Whether an active admin exists; `db` may be the caller's transaction. */
export async function hasActiveAdmin(ctx: AppContext, db: Kysely<Database> = ctx.db.kysely): Promise<boolean> {
  return (await countActiveAdmins(db)) > 0;
}

export function userCount(ctx: AppContext): Promise<number> {
  return countUsers(ctx.db.kysely);
}

export function markLoggedIn(ctx: AppContext, userId: string): Promise<void> {
  return recordLogin(ctx.db.kysely, userId, iso(ctx.now()));
}

/** Roles allowed into the admin portal (ARCHITECTURE.md section 4). */
export function hasAdminAccess(role: Role): boolean {
  return role === "admin" || role === "editor";
}

// Account administration (the Users page; admin only, ARCHITECTURE.md section 4)

export const ROLES: readonly Role[] = ["admin", "editor", "user"];
export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** A change the account rules refuse; its message is shown to the admin as is. */
export class AccountRuleError extends Error {}
export function onlyAdminsMessage(): string {
  return serverI18n()._(msg`Only admins can manage users`);
}
export function noSuchAccountMessage(): string {
  return serverI18n()._(msg`This account no longer exists`);
}
export function lastAdminMessage(): string {
  return serverI18n()._(msg`At least one active admin is required`);
}
export function selfDeactivationMessage(): string {
  return serverI18n()._(msg`You cannot deactivate your own account`);
}

/** One page of the accounts, newest first, with their exact number (the first 50 unless `paging` says otherwise). */
export function listUsers(ctx: AppContext, paging: Paging = { page: 1, per: TABLE_PER }): Promise<ResultPage<UserRow>> {
  const db = ctx.db.kysely;
  return readPage(
    paging,
    () => countUsers(db),
    (limit, offset) => selectUserPage(db, limit, offset),
  );
}

/**
 * The account an invitation is for: created without a password (so nobody can
 * sign in to it until the set-password link is used), or the existing one if
 * it was invited before and never set a password.
 */
export async function createInvitedAccount(
  ctx: AppContext,
  input: Omit<NewAccount, "password">,
): Promise<{ user: UserRow; created: boolean }> {
  const email = normaliseEmail(input.email);
  if (!isValidEmail(email)) throw new UserInputError(serverI18n()._(msg`Please enter a valid email address`));
  checkAccountNames(input);
  const existing = await selectUserByEmail(ctx.db.kysely, email);
  if (existing?.password_hash) throw new UserInputError(serverI18n()._(msg`An account for ${email} already exists`));
  if (existing) return { user: existing, created: false };
  const now = iso(ctx.now());
  const user: UserRow = {
    id: randomUUID(),
    email,
    name: input.name?.trim() || null,
    organization: input.organization?.trim() || null,
    role: input.role,
    password_hash: null,
    is_active: 1,
    login_count: 0,
    last_login_at: null,
    created_at: now,
    updated_at: now,
  };
  await insertUser(ctx.db.kysely, user);
  return { user, created: true };
}

/** Stores a new password's hash (made before the caller's transaction: it is slow); `db` may be that transaction. */
export async function storePasswordHash(ctx: AppContext, db: Kysely<Database>, userId: string, passwordHash: string): Promise<void> {
  await updateUser(db, userId, { password_hash: passwordHash }, iso(ctx.now()));
}

/** Activates or deactivates an account; deactivation signs it out everywhere at once. */
export async function setUserActive(ctx: AppContext, actor: UserRow, userId: string, active: boolean, meta: RequestMeta): Promise<UserRow> {
  if (!active && actor.id === userId) throw new AccountRuleError(selfDeactivationMessage());
  const { before, after } = await changeAccount(ctx, actor, userId, { is_active: active ? 1 : 0 });
  if (before.is_active !== after.is_active) {
    if (!active) await destroySessionsOfUser(ctx, userId);
    await logActivity(ctx, {
      action: active ? "USER_ACTIVATED" : "USER_DEACTIVATED",
      entityType: "USER",
      entityId: userId,
      userId: actor.id,
      details: { email: after.email, by: actor.email },
      meta,
    });
  }
  return after;
}

/** Changes an account's role; the account's sessions end so it signs in again under the new role. */
export async function setUserRole(ctx: AppContext, actor: UserRow, userId: string, role: Role, meta: RequestMeta): Promise<UserRow> {
  const { before, after } = await changeAccount(ctx, actor, userId, { role });
  if (before.role !== after.role) {
    await destroySessionsOfUser(ctx, userId);
    await logActivity(ctx, {
      action: "USER_ROLE_CHANGED",
      entityType: "USER",
      entityId: userId,
      userId: actor.id,
      details: { email: after.email, from: before.role, to: after.role, by: actor.email },
      meta,
    });
  }
  return after;
}

/**
 * Applies a status or role change in one transaction that first locks the
 * active admins, refusing any change that would leave none.
 */
async function changeAccount(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  change: { is_active?: number; role?: Role },
): Promise<{ before: UserRow; after: UserRow }> {
  if (actor.role !== "admin" || !actor.is_active) throw new AccountRuleError(onlyAdminsMessage());
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const admins = await lockActiveAdminIds(trx, ctx.db.engine);
    const before = await selectUserById(trx, userId);
    if (!before) throw new AccountRuleError(noSuchAccountMessage());
    const after: UserRow = { ...before, ...change };
    const staysAdmin = after.role === "admin" && after.is_active === 1;
    if (admins.includes(userId) && !staysAdmin && admins.length <= 1) throw new AccountRuleError(lastAdminMessage());
    await updateUser(trx, userId, change, iso(ctx.now()));
    return { before, after };
  });
}
