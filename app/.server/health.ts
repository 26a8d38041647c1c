import { sql } from "kysely";
import type { AppContext } from "./context";
import { migrationStatus } from "./db/migrate";
import { checkFiles, describeFile, type FileCheckOptions, type FileCheckReport } from "./file-check/file-check";

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
 * `portal check`: the health checks with active probes, then the files pass (file-check/): files
 * the database names that are missing or differ from what their row recorded, and stored objects
 * no row names. Not part of /healthz, which is polled often: this asks the storage about every file.
 */
export async function portalCheck(ctx: AppContext, options: FileCheckOptions = { checksums: true, repair: false }): Promise<PortalCheck> {
  const report = await checkHealth(ctx, { activeProbes: true });
  const lines = [
    line("database", report.db),
    line("migrations", report.migrations),
    line("storage", report.storage),
    line("events", report.events),
  ];
  let filesOk = false;
  try {
    const files = await checkFiles(ctx, options);
    const problems = files.missing.length + files.mismatched.length + files.orphans.length + files.staleUploads;
    filesOk = problems === 0;
    const summary = filesSummary(files, options);
    if (filesOk) lines.push(line("files", `ok (${summary})`));
    else {
      lines.push(line("files", `error: ${problems} problem${problems === 1 ? "" : "s"} (${summary}):`));
      lines.push(...files.missing.map((m) => `  missing    ${describeFile(m)}`));
      lines.push(...files.mismatched.map((m) => `  differs    ${describeFile(m)}: ${m.detail}`));
      lines.push(...files.orphans.map((o) => `  orphan     ${o.key} (${o.size} bytes, written ${o.modifiedAt.toISOString()})`));
      if (files.staleUploads)
        lines.push(
          `  upload     ${files.staleUploads} half-written upload${files.staleUploads === 1 ? "" : "s"} a crash left (the next start removes them)`,
        );
    }
    if (options.repair) {
      if (files.repairs.length) lines.push(...files.repairs.map((r) => line("repair", r)));
      else lines.push(line("repair", "nothing to do"));
    }
  } catch (error) {
    lines.push(line("files", `error: ${error instanceof Error ? error.message : String(error)}`));
  }
  const ok = report.status === "ok" && filesOk;
  lines.push(ok ? "All checks passed." : "Some checks failed.");
  return { lines, ok };
}

/** "3 documents, 1 attachment, 2 document thumbnails; 7 stored objects; 6 checksums read". */
function filesSummary(files: FileCheckReport, options: FileCheckOptions): string {
  const rows = files.rows.filter((r) => r.count > 0).map((r) => `${r.count} ${r.kind}${r.count === 1 ? "" : "s"}`);
  const checksums = options.checksums ? `${files.hashed} checksum${files.hashed === 1 ? "" : "s"} read` : "checksums not read";
  return [
    rows.length ? rows.join(", ") : "no files named",
    `${files.objects} stored object${files.objects === 1 ? "" : "s"}`,
    checksums,
  ].join("; ");
}
