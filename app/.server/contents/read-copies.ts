import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { processIsGone } from "../jobs/worker";

/**
 * The reader's copies of stored files (reader.ts reads a local copy in a child process): one
 * folder each in the system's temp folder, named after the process that made it, so that what a
 * killed process left (a whole copy of a file of up to 50 MB) is found and removed by the next
 * start's sweep, and never the folder of a reader still running (another instance on this host).
 */
const PREFIX = "portal-read-";

/** A new folder for one copy, named after this process. */
export function makeReadCopyDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
}

/** Removes the copy folders of processes of this host that are gone; returns how many. */
export async function removeDeadReadCopies(): Promise<number> {
  const tmp = os.tmpdir();
  let names: string[];
  try {
    names = await fs.readdir(tmp);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const match = new RegExp(`^${PREFIX}(\\d+)-`).exec(name);
    if (!match || !processIsGone(Number(match[1]))) continue;
    await fs.rm(path.join(tmp, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
