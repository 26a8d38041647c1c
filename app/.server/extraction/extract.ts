/**
 * The extraction engine's front door, on the server's side: reads one stored file in a child
 * process and returns its text per page, page count, thumbnail and status. The child runs with a
 * small V8 heap, a hard cap on its writable memory where `prlimit` exists, and a wall-clock
 * limit ending in SIGKILL; whatever a file does to the child (a hang, a memory blow-up, a crash
 * in a native library) ends as a status here. One file at a time per process: the machines have
 * two cores, and the pages must keep one.
 *
 * A fresh child per file, not a pool: start-up costs about a tenth of a typical file's reading
 * (see decision 0019 for the figures), and no file can leave memory or state behind for the next.
 */

import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import type { Readable } from "node:stream";
import { AnswerTooLarge, FrameReader } from "./answer-reader";
import { childScript } from "./child-script";
import type { DeclaredType } from "./file-kind";
import { type ExtractionLimits, withLimits } from "./limits";
import { ANSWER_FD, type ChildJob, type ChildMessage, encodeJob } from "./protocol";
import { type ChildUsage, type ExtractionResult, FAILURE_REASONS, failedOutcome, type ReadOutcome } from "./result";

export { DEFAULT_LIMITS, type ExtractionLimits } from "./limits";
export {
  type ChildUsage,
  type ExtractedPage,
  type ExtractionResult,
  FAILURE_REASONS,
  type FailureReason,
  type FileKind,
  type TextUnit,
  type Thumbnail,
} from "./result";

/** A stored file: a path on this machine or its bytes, with the name or extension and MIME type it was stored with. */
export type ExtractInput = DeclaredType & ({ path: string } | { bytes: Uint8Array });

export type ExtractOptions = {
  /** Overrides of DEFAULT_LIMITS (tests use a short time limit). */
  limits?: Partial<ExtractionLimits>;
};

let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads one file. Resolves with a result for anything the file's content does (including
 * "Timed out" and "Too large to read"); rejects only when the file cannot be reached (a missing
 * path) or the child cannot be started, which the caller should retry rather than record.
 * Calls wait for each other: one child at a time.
 */
export function extractFile(input: ExtractInput, options: ExtractOptions = {}): Promise<ExtractionResult> {
  const limits = withLimits(options.limits);
  const run = queue.then(() => runChild(input, limits));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Reading yields the processor to the server's requests: the child runs at a lower scheduling
 * priority (nice 10), so a visitor's page waits less for a core while a long file is read.
 */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, 10);
  } catch {
    // Not permitted here (or the child already ended): it runs at the server's priority.
  }
}

const PRLIMIT_PATHS = ["/usr/bin/prlimit", "/bin/prlimit"];
let prlimitPath: string | null | undefined;

/** `prlimit` (util-linux) if this machine has it; without it the heap limit and the time limit still hold. */
function prlimit(): string | null {
  prlimitPath ??= PRLIMIT_PATHS.find((p) => fs.existsSync(p)) ?? null;
  return prlimitPath;
}

function commandLine(script: string, limits: ExtractionLimits): { command: string; args: string[] } {
  const node = [process.execPath, `--max-old-space-size=${limits.heapMb}`, script];
  const wrapper = limits.dataBytes > 0 ? prlimit() : null;
  // prlimit sets the limit on itself, then executes node in its place: same process, same pid.
  if (wrapper) return { command: wrapper, args: [`--data=${limits.dataBytes}`, "--", ...node] };
  return { command: node[0]!, args: node.slice(1) };
}

/** Room for the text (UTF-16 in V8's serialisation in the worst case), the thumbnail and the framing. */
const answerLimit = (limits: ExtractionLimits) => 4 * limits.maxTextBytes + 4 * limits.maxThumbnailBytes + 4 * 1024 * 1024;

/** How much of what the child printed is kept: the end holds V8's or the allocator's last words. */
const LOG_TAIL = 16 * 1024;
// V8's heap limit, a failed malloc under prlimit (V8, glibc, libvips, and Rust's "memory allocation of N bytes failed" from the canvas).
const OUT_OF_MEMORY =
  /heap out of memory|allocation failed|out of memory|cannot allocate memory|bad_alloc|ENOMEM|reached heap limit|memory allocation of \d+ bytes failed/i;

async function runChild(input: ExtractInput, limits: ExtractionLimits): Promise<ExtractionResult> {
  const started = performance.now();
  if ("path" in input) await fs.promises.access(input.path, fs.constants.R_OK);
  const { command, args } = commandLine(await childScript(), limits);
  // An empty environment: the child needs no configuration, and must not see the server's secrets.
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe", "pipe"], env: {} });
  lowerPriority(child.pid);
  const run = listen(child, limits);
  const timer = setTimeout(() => {
    run.timedOut = true;
    child.kill("SIGKILL");
  }, limits.timeoutMs);
  // The child may die before it has read its job; the write error that follows says nothing more.
  child.stdin.on("error", () => undefined);
  child.stdin.end(encodeJob(jobOf(input, limits)));
  try {
    const end = await new Promise<ChildEnd>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code, signal }));
    });
    return { ...resultOf(run, end, limits), elapsedMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

function jobOf(input: ExtractInput, limits: ExtractionLimits): ChildJob {
  const source = "path" in input ? { path: input.path } : { bytes: input.bytes };
  return { name: input.name, ext: input.ext, mime: input.mime, source, limits };
}

/** What is known of one child while it runs. */
type ChildRun = {
  outcome: ReadOutcome | null;
  thumbnail: Extract<ChildMessage, { type: "thumbnail" }> | null;
  usage: ChildUsage | null;
  timedOut: boolean;
  answerError: string | null;
  answerTooLarge: boolean;
  /** What the child printed, its last 16 KB. */
  log: string;
};

type ChildEnd = { code: number | null; signal: NodeJS.Signals | null };

/** Collects the child's answer frames and its printed output. */
function listen(child: ChildProcessWithoutNullStreams, limits: ExtractionLimits): ChildRun {
  const run: ChildRun = { outcome: null, thumbnail: null, usage: null, timedOut: false, answerError: null, answerTooLarge: false, log: "" };
  const frames = new FrameReader(answerLimit(limits));
  const keepLog = (chunk: Buffer) => {
    run.log = (run.log + chunk.toString("utf8")).slice(-LOG_TAIL);
  };
  child.stdout.on("data", keepLog);
  child.stderr.on("data", keepLog);
  (child.stdio[ANSWER_FD] as Readable).on("data", (chunk: Buffer) => {
    if (run.answerError) return;
    try {
      for (const message of frames.push(chunk)) {
        if (message.type === "outcome") run.outcome = message.outcome;
        else if (message.type === "thumbnail") run.thumbnail = message;
        else run.usage = message.usage;
      }
    } catch (error) {
      run.answerError = error instanceof Error ? error.message : String(error);
      run.answerTooLarge = error instanceof AnswerTooLarge;
      child.kill("SIGKILL");
    }
  });
  return run;
}

/** The result, once the child has gone: its answer (the thumbnail may be missing), or why it gave none. */
function resultOf(run: ChildRun, end: ChildEnd, limits: ExtractionLimits): Omit<ExtractionResult, "elapsedMs"> {
  const exit = `child ${run.timedOut ? `killed after ${limits.timeoutMs} ms` : end.signal ? `ended by ${end.signal}` : `exited with ${end.code}`}`;
  if (run.outcome && !run.answerError) {
    const thumbnailNote = run.thumbnail ? run.thumbnail.detail : end.code === 0 ? null : `thumbnail lost: ${exit}`;
    const detail = [run.outcome.detail, thumbnailNote].filter(Boolean).join("; ") || null;
    return { ...run.outcome, thumbnail: run.thumbnail?.thumbnail ?? null, detail, usage: run.usage };
  }
  const lastWords = run.log.trim().split("\n").slice(-3).join(" | ");
  const detail = [run.answerError ?? exit, lastWords].filter(Boolean).join(": ");
  return { ...failedOutcome(reasonOfDeath(run, end), detail), usage: run.usage };
}

/** Why a child ended without an answer. A SIGKILL that was not ours comes from the kernel's OOM killer. */
function reasonOfDeath(run: ChildRun, end: ChildEnd) {
  if (run.timedOut) return FAILURE_REASONS.timedOut;
  if (run.answerError) return run.answerTooLarge ? FAILURE_REASONS.tooLarge : FAILURE_REASONS.damaged;
  if (end.signal === "SIGKILL" || OUT_OF_MEMORY.test(run.log)) return FAILURE_REASONS.tooLarge;
  return FAILURE_REASONS.damaged;
}
