/**
 * Entry of the extraction child process: one job in (stdin), one answer out (fd 3), then exit.
 * Built as its own file beside the server bundle (build/server/extract-worker.js, see
 * vite.config.ts) so the child loads only the readers, not the whole server; compiled on the fly
 * in development and tests (child-script.ts).
 */

import fs from "node:fs/promises";
import net from "node:net";
import { ANSWER_FD, type ChildJob, type ChildMessage, decodeJob, frame } from "./protocol";
import { finishReading, readFile } from "./read-file";
import type { Reading } from "./reading";
import { FAILURE_REASONS, failedOutcome } from "./result";

const answer = new net.Socket({ fd: ANSWER_FD, readable: false, writable: true });

const send = (message: ChildMessage) =>
  new Promise<void>((resolve, reject) => answer.write(frame(message), (error) => (error ? reject(error) : resolve())));

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function bytesOf(job: ChildJob): Promise<Uint8Array | null> {
  if ("bytes" in job.source) return job.source.bytes;
  const handle = await fs.open(job.source.path, "r");
  try {
    if ((await handle.stat()).size > job.limits.maxFileBytes) return null;
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * This process's peak resident memory: Linux's VmHWM, which starts afresh at exec. getrusage's
 * maxrss does not: it keeps the size of the parent that forked this process.
 */
async function peakRss(): Promise<number> {
  const status = await fs.readFile("/proc/self/status", "utf8").catch(() => "");
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : process.resourceUsage().maxRSS * 1024;
}

async function main(): Promise<void> {
  // performance.now() counts from this process's start.
  const startupMs = performance.now();
  const job = decodeJob(await readStdin());
  const bytes = await bytesOf(job);
  let reading: Reading;
  if (bytes) reading = await readFile({ name: job.name, ext: job.ext, mime: job.mime, bytes }, job.limits);
  else reading = { outcome: failedOutcome(FAILURE_REASONS.tooLarge, `file larger than ${job.limits.maxFileBytes} bytes`) };
  // The text first: if the thumbnail then kills this process (a page too heavy to render), the
  // parent still has it.
  await send({ type: "outcome", outcome: reading.outcome });
  if (reading.thumbnail) await send({ type: "thumbnail", ...(await finishReading(reading)) });
  else await reading.release?.();
  await send({ type: "usage", usage: { startupMs, workMs: performance.now() - startupMs, peakRssBytes: await peakRss() } });
}

main().then(
  () => answer.end(() => process.exit(0)),
  (error) => {
    process.stderr.write(`extraction child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
