import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { ServerBuild } from "react-router";
import { ConfigError, getConfig } from "~/.server/config";
import { countQueuedReadings, requeueFiles } from "~/.server/contents/contents.queries";
import { readDueFiles } from "~/.server/contents/reader";
import { type AppContext, closeAppContext, openAppContext } from "~/.server/context";
import { migrateToLatest } from "~/.server/db/migrate";
import { loadDemoContent } from "~/.server/demo/demo.service";
import { fillDocuments } from "~/.server/demo/fill-documents";
import { SIGNING_KEY, SIGNING_KEY_REFRESH_MS } from "~/.server/documents/signed-links";
import { extractFile } from "~/.server/extraction/extract";
import { describeResult, formatPages } from "~/.server/extraction/report";
import { portalCheck } from "~/.server/health";
import { rotateSecret } from "~/.server/settings/settings.service";
import { backupDatabase, restoreBackup } from "~/.server/transfer/backup";
import { TransferError } from "~/.server/transfer/dump-format";
import { exportInstallation } from "~/.server/transfer/export";
import { importInstallation } from "~/.server/transfer/import";
import { formatBytes, formatCounts, formatImportReport } from "~/.server/transfer/report";
import { createUser, UserInputError } from "~/.server/users/users.service";
import { MIN_PASSWORD_LENGTH, RECOMMENDED_PASSWORD_LENGTH } from "~/lib/password-policy";
import { readPassword } from "./read-password";
import { productionSource, StartupError, serve } from "./serve";
import { userResetPassword } from "./user-reset-password";
import { userResetTwoFactor } from "./user-reset-two-factor";

const HELP = `Usage: npm run portal -- <command>

Commands:
  serve                               migrate the database and serve the portal (npm start)
  migrate                             apply pending database migrations
  admin:create --email E [--name N]   create an admin account (password from stdin or prompt; at least 8
                                      characters, 15 or more is better, not a common password)
  user:reset-password --email E       print a one-time link (valid 1 hour) that sets a new password for the
                                      account; using it ends every session of the account. Links are built
                                      on PUBLIC_URL, else http://localhost:PORT
  user:reset-two-factor --email E     remove the account's two-factor sign-in and recovery codes (a lost
                                      phone and lost codes) and end its sessions
  demo                                load realistic demo content (idempotent)
  fill-documents --count N [--seed S] add N generated documents without files, for benchmarks and trials
                                      (bench/scale.mjs); not for a real installation
  reprocess [--failed|--all]          read stored files' text and thumbnails: those waiting, or again those
                                      that failed, or every file; prints progress (the server does this itself)
  keys:rotate                         replace the key that signs file links: every link handed out so far
                                      stops working (within a minute on running instances)
  check [--no-checksums] [--repair]   self-test of the database, migrations, storage and live events, then
                                      the stored files: missing, changed (size or sha256 not as recorded
                                      at upload), orphaned (no row names them), and uploads a crash left
                                      half-written; exits 1 if any.
                                      Checksums read every byte, with progress: --no-checksums only
                                      compares sizes, a quick run after a crash; run the full one weekly.
                                      --repair removes those uploads and the orphans written over an hour
                                      ago (a younger one may be an upload about to add its row), clears
                                      missing or changed thumbnails (the placeholder shows), marks
                                      documents whose file changed as missing it, and lists attachments
                                      to replace by hand
  backup <file>                       write the database to a new file (either engine; never overwrites)
  restore <file>                      replace ALL database content with a backup; stop the portal first
  export <dir>                        write the database and every stored file into an empty folder
  import <dir>                        load an export into a new, empty installation (e.g. PostgreSQL + S3),
                                      then read everything back and compare
  extract <file> [--text] [--thumbnail <out.webp>]
                                      read a file as the portal does (text, pages, thumbnail, status), in
                                      its child process and limits; exits 1 when it cannot be read
  help                                this text

backup/restore cover the database only: back up the stored files too, by copying DATA_DIR/files
or with the bucket's versioning. Backups and exports hold password hashes and signing secrets:
keep them private. To move an installation (e.g. SQLite + local files to PostgreSQL + S3), run
export with the old configuration, then import with the new one.

Configuration comes from the environment; see .env.example.`;

/** Runs one `portal` command; returns the process exit code. */
export async function runCommand(command: string, args: string[], build: ServerBuild): Promise<number> {
  try {
    getConfig(); // fail early, with the list of problems, on an invalid environment
    switch (command) {
      case "serve":
        return await serve({ source: productionSource(build) });
      case "migrate":
        return await withContext({ migrate: false }, migrate);
      case "admin:create":
        return await withContext({}, (ctx) => adminCreate(ctx, args));
      case "user:reset-password":
        return await withContext({}, (ctx) => userResetPassword(ctx, args, console));
      case "user:reset-two-factor":
        return await withContext({}, (ctx) => userResetTwoFactor(ctx, args, console));
      case "demo":
        return await withContext({}, async (ctx) => {
          const summary = await loadDemoContent(ctx);
          console.log(summary);
          return 0;
        });
      case "fill-documents":
        return await withContext({}, (ctx) => fillCommand(ctx, args));
      case "keys:rotate":
        return await withContext({}, keysRotate);
      case "check":
        return await withContext({}, (ctx) => check(ctx, args));
      case "reprocess":
        return await withContext({}, (ctx) => reprocessCommand(ctx, args));
      case "backup":
        return await withPathArgument(command, args, "<file>", (ctx, file) => backup(ctx, file));
      case "restore":
        return await withPathArgument(command, args, "<file>", (ctx, file) => restore(ctx, file));
      case "export":
        return await withPathArgument(command, args, "<dir>", (ctx, dir) => exportCommand(ctx, dir));
      case "import":
        return await withPathArgument(command, args, "<dir>", (ctx, dir) => importCommand(ctx, dir));
      case "extract":
        return await extractCommand(args);
      case "help":
      case "--help":
        console.log(HELP);
        return 0;
      default:
        console.error(`Unknown command "${command}".\n\n${HELP}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof TransferError) {
      console.error(error.message);
      return 1;
    }
    if (error instanceof StartupError) {
      console.error(`portal: ${error.message}`);
      return 1;
    }
    console.error(`portal ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function withContext(options: { migrate?: boolean }, run: (ctx: AppContext) => Promise<number>): Promise<number> {
  const ctx = await openAppContext({ config: getConfig(), migrate: options.migrate });
  try {
    return await run(ctx);
  } finally {
    await closeAppContext(ctx);
  }
}

async function migrate(ctx: AppContext): Promise<number> {
  const applied = await migrateToLatest(ctx.db.kysely, ctx.db.engine);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "The database is up to date.");
  return 0;
}

async function adminCreate(ctx: AppContext, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { email: { type: "string" }, name: { type: "string" } } });
  if (!values.email) {
    console.error("Usage: npm run portal -- admin:create --email E [--name N]  (the password is read from stdin)");
    return 2;
  }
  const password = await readPassword(
    `Password (at least ${MIN_PASSWORD_LENGTH} characters; ${RECOMMENDED_PASSWORD_LENGTH} or more is better; any characters): `,
  );
  try {
    const user = await createUser(ctx, { email: values.email, name: values.name ?? null, password, role: "admin" });
    console.log(`Created admin account ${user.email}.`);
    return 0;
  } catch (error) {
    if (error instanceof UserInputError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

async function keysRotate(ctx: AppContext): Promise<number> {
  await rotateSecret(ctx, SIGNING_KEY);
  console.log(
    `Replaced the file-link signing key. Links handed out before stop working within ${SIGNING_KEY_REFRESH_MS / 60_000} minute on running instances; pages hand out new ones when reloaded.`,
  );
  return 0;
}

async function reprocessCommand(ctx: AppContext, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { failed: { type: "boolean" }, all: { type: "boolean" } } });
  if (values.failed && values.all) {
    console.error("Usage: npm run portal -- reprocess [--failed|--all]");
    return 2;
  }
  const now = new Date().toISOString();
  if (values.all || values.failed) {
    const queued = await requeueFiles(ctx.db.kysely, values.all ? "all" : "failed", now);
    console.log(`Queued ${queued} file(s) to be read again.`);
  }
  const total = await countQueuedReadings(ctx.db.kysely);
  if (total === 0) {
    console.log("No file is waiting to be read.");
    return 0;
  }
  let handled = 0;
  let failed = 0;
  const started = Date.now();
  while (
    (await readDueFiles(ctx, {
      onRead: ({ fileKey, status, reason }) => {
        handled++;
        if (status === "failed") failed++;
        const elapsed = ((Date.now() - started) / 1000).toFixed(0);
        console.log(`[${handled}/${total}, ${elapsed} s] ${fileKey}: ${status}${reason ? ` (${reason})` : ""}`);
      },
    })) > 0
  ) {
    // One file at a time, until none is due.
  }
  console.log(`Read ${handled} file(s), ${failed} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

async function fillCommand(ctx: AppContext, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { count: { type: "string" }, seed: { type: "string" } } });
  const count = Number(values.count);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(seed)) {
    console.error("Usage: npm run portal -- fill-documents --count N [--seed S]");
    return 2;
  }
  const s = await fillDocuments(ctx, { count, seed });
  console.log(
    `Added ${s.documents} documents (${s.facetRows} facet rows, ${s.folders} folders) in ${s.seconds.insert.toFixed(1)} s; ` +
      `statistics in ${s.seconds.statistics.toFixed(1)} s.`,
  );
  if (s.sharedFolderToken) console.log(`Shared folder: /shared/folder/${s.sharedFolderToken}`);
  return 0;
}

async function check(ctx: AppContext, args: string[]): Promise<number> {
  let values: { "no-checksums"?: boolean; repair?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { "no-checksums": { type: "boolean" }, repair: { type: "boolean" } } }));
  } catch {
    console.error("Usage: npm run portal -- check [--no-checksums] [--repair]");
    return 2;
  }
  const { lines, ok } = await portalCheck(ctx, {
    checksums: !values["no-checksums"],
    repair: values.repair === true,
    onProgress: (text) => console.log(text),
  });
  for (const text of lines) console.log(text);
  return ok ? 0 : 1;
}

async function withPathArgument(
  command: string,
  args: string[],
  name: string,
  run: (ctx: AppContext, target: string) => Promise<number>,
): Promise<number> {
  if (args.length !== 1 || !args[0] || args[0].startsWith("-")) {
    console.error(`Usage: npm run portal -- ${command} ${name}`);
    return 2;
  }
  const target = args[0];
  return withContext({}, (ctx) => run(ctx, target));
}

async function backup(ctx: AppContext, file: string): Promise<number> {
  const summary = await backupDatabase(ctx, file);
  console.log(formatCounts(summary.counts));
  console.log(`\nWrote ${summary.file} (${formatBytes(summary.bytes)}, sha256 ${summary.sha256}) from ${ctx.db.engine}.`);
  console.log("This is the database only: back up the stored files too (copy DATA_DIR/files, or use the bucket's versioning).");
  return 0;
}

async function restore(ctx: AppContext, file: string): Promise<number> {
  console.log(`Restoring ${file} into the ${ctx.db.engine} database (the portal must be stopped)...`);
  const summary = await restoreBackup(ctx, file);
  console.log(formatCounts(summary.counts));
  console.log(`\nRestored ${summary.rows} rows, backed up ${summary.header.createdAt} from ${summary.header.sourceEngine}.`);
  console.log("Only the database was restored: the stored files must match it (restore them from the same time).");
  return 0;
}

async function exportCommand(ctx: AppContext, dir: string): Promise<number> {
  const { dir: folder, manifest } = await exportInstallation(ctx, dir);
  console.log(formatCounts(manifest.tables));
  console.log(
    `\nfiles: ${manifest.totals.files}, ${formatBytes(manifest.totals.bytes)}, each checked against the sha256 recorded in the database`,
  );
  console.log(`Exported ${ctx.db.engine} + ${ctx.storage.driver} storage to ${folder}.`);
  return 0;
}

async function importCommand(ctx: AppContext, dir: string): Promise<number> {
  console.log(`Importing ${dir} into ${ctx.db.engine} + ${ctx.storage.driver} storage...`);
  const report = await importInstallation(ctx, dir);
  console.log(formatImportReport(report));
  console.log(
    report.ok
      ? "\nImport complete: every row and every file matches the export."
      : "\nThe import does not match the export: see the lines above.",
  );
  return report.ok ? 0 : 1;
}

async function extractCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { text: { type: "boolean" }, thumbnail: { type: "string" } },
  });
  const file = positionals[0];
  if (!file || positionals.length !== 1) {
    console.error("Usage: npm run portal -- extract <file> [--text] [--thumbnail <out.webp>]");
    return 2;
  }
  const result = await extractFile({ path: file, name: path.basename(file) });
  console.log(describeResult(result));
  if (values.text) console.log(`\n${formatPages(result)}`);
  if (values.thumbnail && result.thumbnail) {
    fs.writeFileSync(values.thumbnail, result.thumbnail.bytes);
    console.log(`Wrote the thumbnail to ${values.thumbnail}.`);
  }
  return result.status === "done" ? 0 : 1;
}
