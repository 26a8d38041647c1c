import { randomBytes, randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import { ADMIN_ONLY } from "../auth/guards";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { peekSession } from "../auth/sessions";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { serverI18n } from "../i18n/i18n";
import { iso } from "../time";
import { hasAdminAccess, type Role } from "../users/users.service";
import { writeReadRollback } from "./self-test.queries";
import { engineName } from "./system.service";
import { createTestDocument, TEST_DOCUMENT_LIFETIME_MS, TEST_DOCUMENT_TITLE } from "./test-document";

/** A check's words in the request's language (the admin reads them on the Test Suite screen). */
const t = (message: MessageDescriptor): string => serverI18n()._(message);

/**
 * The admin Test Suite (admin-and-sharing sections 2 and 9): real checks of the database, sign-in,
 * permissions, storage, the realtime bus and a temporary upload, each with its own message.
 */

export const REALTIME_TIMEOUT_MS = 2_000;

export interface CheckResult {
  id: "database" | "auth" | "permissions" | "storage" | "realtime" | "upload";
  name: string;
  ok: boolean;
  message: string;
  durationMs: number;
}

export interface SelfTestRun {
  ranAt: string;
  results: CheckResult[];
}

export interface SelfTestViewer {
  user: UserRow;
  /** The browser's session token, to check that it resolves; null fails the auth check. */
  sessionToken: string | null;
}

type Check = { id: CheckResult["id"]; name: string; run: () => Promise<string> };

async function timed(check: Check): Promise<CheckResult> {
  const started = performance.now();
  try {
    const message = await check.run();
    return { id: check.id, name: check.name, ok: true, message, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id: check.id, name: check.name, ok: false, message, durationMs: Math.round(performance.now() - started) };
  }
}

async function checkDatabase(ctx: AppContext): Promise<string> {
  const value = randomUUID();
  const { readBack, goneAfter } = await writeReadRollback(ctx.db.kysely, `selftest:${value}`, JSON.stringify(value), iso(ctx.now()));
  if (readBack !== JSON.stringify(value)) throw new Error(t(msg`A row written inside a transaction could not be read back`));
  if (!goneAfter) throw new Error(t(msg`A rolled-back row is still in the database`));
  const engine = engineName(ctx);
  return t(msg`Connected to ${engine}: a row written in a transaction was read back and rolled back`);
}

async function checkAuth(ctx: AppContext, viewer: SelfTestViewer): Promise<string> {
  const password = randomBytes(12).toString("base64url");
  const hash = await hashPassword(password);
  if (!(await verifyPassword(hash, password))) throw new Error(t(msg`A freshly hashed password did not verify`));
  if (await verifyPassword(hash, `${password}x`)) throw new Error(t(msg`A wrong password verified`));
  const session = viewer.sessionToken ? await peekSession(ctx, viewer.sessionToken) : null;
  if (!session || session.user.id !== viewer.user.id) throw new Error(t(msg`Your session could not be resolved`));
  const until = iso(session.expiresAt).slice(11, 16);
  return t(msg`Password hashing (argon2id) and verification work; your session is valid until ${until} UTC`);
}

/** A pure check of the role rules the guards apply. */
export function checkPermissions(role: Role): string {
  if (!hasAdminAccess(role) || !ADMIN_ONLY.includes(role)) throw new Error(t(msg`Your role (${role}) does not have admin access`));
  if (hasAdminAccess("user") || ADMIN_ONLY.includes("user")) throw new Error(t(msg`The "user" role would get admin access`));
  if (ADMIN_ONLY.includes("editor")) throw new Error(t(msg`Editors would reach the admin-only screens`));
  return t(msg`Your role (${role}) has admin access; the "user" role is refused and editors see only content screens`);
}

async function checkStorage(ctx: AppContext): Promise<string> {
  await ctx.storage.check();
  return ctx.storage.driver === "s3"
    ? t(msg`Wrote, read back and deleted a test file (S3-compatible storage)`)
    : t(msg`Wrote, read back and deleted a test file (local disk)`);
}

/** Publishes a staff-only event and waits for it to come back through the bus. */
async function checkRealtime(ctx: AppContext): Promise<string> {
  const id = randomUUID();
  const started = performance.now();
  let unsubscribe = () => {};
  const received = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      const seconds = REALTIME_TIMEOUT_MS / 1000;
      reject(new Error(t(msg`No event came back within ${seconds} s`)));
    }, REALTIME_TIMEOUT_MS);
    unsubscribe = ctx.events.subscribe((event) => {
      if (event.type !== "test.ping" || event.data.id !== id) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(performance.now() - started);
    });
  });
  ctx.events.publish({ type: "test.ping", audience: "staff", data: { id } });
  const ms = await received;
  const took = formatMs(ms);
  const local = t(msg`A staff-only event came back through the live-update bus in ${took}`);
  if (ctx.events.mode.transport === "in-process") return local;
  // Several instances: prove the shared channel too, not only this process's delivery.
  const shared = await ctx.events.probe(REALTIME_TIMEOUT_MS);
  const probeTook = formatMs(shared);
  return t(msg`${local}; a probe went through PostgreSQL LISTEN/NOTIFY, which every instance hears, and came back in ${probeTook}`);
}

function formatMs(ms: number): string {
  if (ms < 1) return t(msg`under 1 ms`);
  const rounded = Math.round(ms);
  return t(msg`${rounded} ms`);
}

async function checkUpload(ctx: AppContext, viewer: SelfTestViewer, lifetimeMs: number): Promise<string> {
  await createTestDocument(ctx, viewer.user, lifetimeMs);
  const title = TEST_DOCUMENT_TITLE;
  const seconds = Math.round(lifetimeMs / 1000);
  return t(msg`Created the unpublished document "${title}" with a text file and read it back; it is removed after ${seconds} s`);
}

/** Runs every check in turn (so each one's time is its own) and logs the run. */
export async function runSelfTest(
  ctx: AppContext,
  viewer: SelfTestViewer,
  options: { meta?: RequestMeta; testDocumentLifetimeMs?: number } = {},
): Promise<SelfTestRun> {
  const checks: Check[] = [
    { id: "database", name: t(msg`Database`), run: () => checkDatabase(ctx) },
    { id: "auth", name: t(msg`Authentication`), run: () => checkAuth(ctx, viewer) },
    { id: "permissions", name: t(msg`Admin permissions`), run: async () => checkPermissions(viewer.user.role) },
    { id: "storage", name: t(msg`Storage`), run: () => checkStorage(ctx) },
    { id: "realtime", name: t(msg`Real-time`), run: () => checkRealtime(ctx) },
    {
      id: "upload",
      name: t(msg`Test upload`),
      run: () => checkUpload(ctx, viewer, options.testDocumentLifetimeMs ?? TEST_DOCUMENT_LIFETIME_MS),
    },
  ];
  const results: CheckResult[] = [];
  for (const check of checks) results.push(await timed(check));
  const failed = results.filter((r) => !r.ok).map((r) => r.id);
  await logActivity(ctx, {
    action: "TEST_SUITE_RUN",
    entityType: "SYSTEM",
    userId: viewer.user.id,
    details: { passed: results.length - failed.length, failed: failed.join(", ") || "none" },
    meta: options.meta,
  }).catch((error: unknown) => ctx.log.warn({ err: error }, "could not log the test suite run"));
  return { ranAt: iso(ctx.now()), results };
}
