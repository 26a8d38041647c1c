import { sql } from "kysely";
import type { AppContext } from "./context";
import { migrationStatus } from "./db/migrate";
import { checkStoredFiles } from "./documents/stored-files";

export interface HealthReport {
  status: "ok" | "error";
  db: string;
  storage: string;
  migrations: string;
  /** How live events reach the other instances (in-process on SQLite). */
  events: string;
}

async function probe(run: () => Promise<string>): Promise<string> {
  try {
    return await run();
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * Checks the database, the pending migrations, the storage and the live-event channel (used by
 * /healthz and `portal check`). `activeProbes` (the CLI check) also writes a storage object and
 * sends an event round trip; /healthz, polled often, only reads.
 */
export async function checkHealth(ctx: AppContext, options: { activeProbes: boolean }): Promise<HealthReport> {
  const db = await probe(async () => {
    await sql`select 1`.execute(ctx.db.kysely);
    return `ok (${ctx.db.engine})`;
  });
  const migrations = await probe(async () => {
    const pending = (await migrationStatus(ctx.db.kysely, ctx.db.engine)).filter((m) => !m.executedAt);
    if (pending.length) throw new Error(`${pending.length} pending: ${pending.map((m) => m.name).join(", ")}`);
    return "ok";
  });
  const storage = await probe(async () => {
    if (options.activeProbes) await ctx.storage.check();
    else await ctx.storage.stat("health/probe");
    return `ok (${ctx.storage.driver})`;
  });
  const events = await probe(async () => {
    const { transport, listening } = ctx.events.mode;
    if (!listening) throw new Error(`not listening (${transport}); reconnecting`);
    if (options.activeProbes && transport !== "in-process")
      return `ok (${transport}, round trip ${Math.round(await ctx.events.probe(5_000))} ms)`;
    return `ok (${transport})`;
  });
  const ok = [db, migrations, storage, events].every((s) => s.startsWith("ok"));
  return { status: ok ? "ok" : "error", db, storage, migrations, events };
}

export interface PortalCheck {
  /** What `portal check` prints, one line each. */
  lines: string[];
  ok: boolean;
}

const line = (name: string, value: string) => `${name.padEnd(12)} ${value}`;

/**
 * `portal check`: the health checks with active probes, then every document's stored file
 * (documents/stored-files.ts), listing the documents whose file is missing. Not part of /healthz,
 * which is polled often: this asks the storage once per document.
 */
export async function portalCheck(ctx: AppContext): Promise<PortalCheck> {
  const report = await checkHealth(ctx, { activeProbes: true });
  const lines = [
    line("database", report.db),
    line("migrations", report.migrations),
    line("storage", report.storage),
    line("events", report.events),
  ];
  let filesOk = false;
  try {
    const { checked, missing } = await checkStoredFiles(ctx);
    filesOk = missing.length === 0;
    if (filesOk) lines.push(line("files", `ok (${checked} document${checked === 1 ? "" : "s"})`));
    else {
      lines.push(line("files", `error: ${missing.length} of ${checked} documents have no stored file:`));
      lines.push(...missing.map((m) => `  ${m.title} (${m.id}): ${m.filePath}`));
    }
  } catch (error) {
    lines.push(line("files", `error: ${error instanceof Error ? error.message : String(error)}`));
  }
  const ok = report.status === "ok" && filesOk;
  lines.push(ok ? "All checks passed." : "Some checks failed.");
  return { lines, ok };
}
