import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * React Router's Vite plugin regenerates `.react-router/types` whenever a dev server starts: it
 * removes the whole folder, then writes every file again, without waiting for either before the
 * server is returned. Integration files run in parallel worker processes, and two of them starting
 * Vite at the same moment race on that folder: one's recursive remove meets the other's new files
 * and fails with ENOTEMPTY, as an unhandled rejection inside the plugin that fails the whole run.
 *
 * So the start of a Vite server is serialized across processes (a lock folder created atomically
 * with mkdir), and the lock is held until that server's regeneration has finished: a sentinel file
 * placed in the folder tells that the remove has run, and the files the last regeneration wrote
 * tell when the writing is done (every regeneration writes the same files; no test changes routes).
 */

const LOCK_WAIT_MS = 120_000;
const REGENERATION_WAIT_MS = 30_000;
const POLL_MS = 25;

export async function withTypegenLock<T>(root: string, start: () => Promise<T>): Promise<T> {
  const outputDir = path.join(root, ".react-router");
  const typesDir = path.join(outputDir, "types");
  const lockDir = path.join(outputDir, "test-typegen.lock");
  fs.mkdirSync(outputDir, { recursive: true });
  await acquire(lockDir);
  try {
    // Without an earlier regeneration (`npm test` runs one in typecheck), its top-level files at least.
    const previous = listFiles(typesDir);
    const expected = previous.length > 0 ? previous : ["+future.ts", "+server-build.d.ts", "+routes.ts"];
    const sentinel = path.join(typesDir, ".removed-when-regenerated");
    fs.mkdirSync(typesDir, { recursive: true });
    fs.writeFileSync(sentinel, "");
    const started = await start();
    await waitFor(
      () => !fs.existsSync(sentinel) && expected.every((file) => fs.existsSync(path.join(typesDir, file))),
      "React Router's type generation",
    );
    return started;
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

async function acquire(lockDir: string): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, "pid"), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    // A holder that died (a test run killed mid-start) would keep everyone waiting.
    if (holderIsGone(lockDir)) fs.rmSync(lockDir, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockDir}`);
    await sleep(POLL_MS);
  }
}

function holderIsGone(lockDir: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lockDir, "pid"), "utf8"));
  } catch {
    return false; // created a moment ago, its pid not written yet
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function waitFor(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + REGENERATION_WAIT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(POLL_MS);
  }
}
