import { randomUUID } from "node:crypto";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { hashPassword, MIN_PASSWORD_LENGTH } from "../auth/passwords";
import { iso } from "../time";
import { countActiveAdmins, countUsers, insertUser, recordLogin, selectUserByEmail, selectUserById } from "./users.queries";

export type Role = UserRow["role"];

/** E-mail addresses are trimmed and lower-cased before any use (admin-and-sharing section 5). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

export class UserInputError extends Error {}

export interface NewAccount {
  email: string;
  password: string;
  name?: string | null;
  organization?: string | null;
  role: Role;
}

export async function createUser(ctx: AppContext, input: NewAccount): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  if (!isValidEmail(email)) throw new UserInputError("Please enter a valid email address");
  if (input.password.length < MIN_PASSWORD_LENGTH) throw new UserInputError("Password must be at least 6 characters");
  if (await selectUserByEmail(ctx.db.kysely, email)) throw new UserInputError(`An account for ${email} already exists`);
  const now = iso(ctx.now());
  const user: UserRow = {
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
  await insertUser(ctx.db.kysely, user);
  return user;
}

export function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  return selectUserByEmail(ctx.db.kysely, normaliseEmail(email));
}

export function findUserById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return selectUserById(ctx.db.kysely, id);
}

export async function hasActiveAdmin(ctx: AppContext): Promise<boolean> {
  return (await countActiveAdmins(ctx.db.kysely)) > 0;
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
