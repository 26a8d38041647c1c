import { randomBytes } from "node:crypto";
import os from "node:os";

/**
 * This process as the jobs table names the worker holding a job: host, process id and a few random
 * characters (a process id is reused after its process ends; the pair with the random part is not).
 */
export const WORKER = `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/**
 * Whether the worker that `name` names is known to be gone: a process of this host (same host
 * name) that is not this one and no longer runs. A worker of another host cannot be asked: false,
 * and its jobs are judged by their age instead.
 */
export function workerIsGone(name: string | null): boolean {
  const match = name ? /^(.*):(\d+):[0-9a-f]+$/.exec(name) : null;
  if (!match || match[1] !== os.hostname()) return false;
  return processIsGone(Number(match[2]));
}

/** Whether process `pid` of this host, not this one, no longer runs. */
export function processIsGone(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0); // signal 0 tests without sending anything
    return false;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
}
