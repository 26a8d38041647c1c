import fs from "node:fs/promises";
import path from "node:path";
import { logActivity } from "../activity/activity.service";
import type { AppContext } from "../context";
import { type DumpSummary, dumpDatabase } from "./dump";
import { TransferError } from "./dump-format";
import { createFileAtomically, exists } from "./files";
import { type RestoreSummary, restoreDatabase } from "./restore";

export interface BackupSummary extends DumpSummary {
  file: string;
}

/**
 * `portal backup <file>`: the database (not the stored files) in the portable dump format, on
 * either engine. The file appears whole or not at all, and an existing file is never replaced.
 * Logged as DATABASE_BACKUP.
 */
export async function backupDatabase(ctx: AppContext, target: string): Promise<BackupSummary> {
  const file = path.resolve(target);
  if (await exists(file)) throw new TransferError(`${file} already exists; choose a new name (a backup never overwrites a file).`);
  const dir = await fs.stat(path.dirname(file)).catch(() => null);
  if (!dir?.isDirectory()) throw new TransferError(`The folder ${path.dirname(file)} does not exist.`);

  const summary = await createFileAtomically(file, (tmp) => dumpDatabase(ctx, tmp));
  await logActivity(ctx, {
    action: "DATABASE_BACKUP",
    entityType: "SYSTEM",
    details: { file: path.basename(file), bytes: summary.bytes, rows: summary.rows, via: "command line" },
  });
  return { ...summary, file };
}

/**
 * `portal restore <file>`: replaces the whole database with a backup (restore.ts), then records
 * the restore in the restored activity log (DATABASE_RESTORED), so the log says where its history
 * came from.
 */
export async function restoreBackup(ctx: AppContext, source: string): Promise<RestoreSummary> {
  const summary = await restoreDatabase(ctx, source);
  await logActivity(ctx, {
    action: "DATABASE_RESTORED",
    entityType: "SYSTEM",
    details: {
      file: path.basename(source),
      rows: summary.rows,
      backedUpAt: summary.header.createdAt,
      sourceEngine: summary.header.sourceEngine,
      via: "command line",
    },
  });
  return summary;
}
