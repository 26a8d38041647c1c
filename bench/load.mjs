#!/usr/bin/env node
// @ts-check
/**
 * Load test (issue 12): for 60 s, 200 anonymous visitors browse (home, lists, searches, document
 * pages, dashboards, small downloads; a page every 5-15 s each) while 20 slow readers download a
 * large file at 50 KB/s, 5 staff uploads run back to back and 2,000 live-event streams stay open
 * (opened first, at 100 a second, and held through the run). Target: 0 errors of any kind (an
 * unexpected status, a socket error, a 10 s timeout, a stream or download cut short). The server's
 * RSS and open descriptors are sampled every second; its CPU use and this client's are printed.
 *
 *   npm run bench:load [-- --seconds 60] [--engine sqlite|postgres]
 *
 * Set-up: a temporary DATA_DIR with the demo content plus 2,000 generated documents (list and
 * search pages of a realistic size; generated ones have no file, so downloads use the demo's);
 * PostgreSQL (a temporary database on TEST_DATABASE_URL) with --engine postgres, local files
 * either way. Streams come from 50 loopback addresses (127.0.0.2-51, all routed to lo on Linux),
 * 40 each, under the default cap per address (LIVE_STREAMS_PER_ADDRESS 50); the total cap
 * (LIVE_STREAMS_TOTAL, 1,000 by default) is raised to 2,100 for the run. The client is this Node
 * process (keep-alive agents): loopback only, bounded in time, and only the processes started here
 * are stopped, by id.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { parseArgs } from "node:util";
import { createTemporaryDatabase } from "./engines.mjs";
import {
  cleanupRegistry,
  cpuSeconds,
  ensureBuild,
  portalArgv,
  printTable,
  root,
  signIn,
  snapshotBuild,
  startServer,
  tempDataDir,
} from "./support.mjs";
import { paddedPdf, uploadDocument } from "./uploads.mjs";

const BROWSERS = 200;
const SLOW_DOWNLOADS = 20;
const SLOW_RATE = 50 * 1024; // bytes per second, each
const UPLOADERS = 5;
const STREAMS = 2000;
const STREAM_ADDRESSES = 50; // 127.0.0.2 ... 127.0.0.51, 40 streams each
const STREAMS_TOTAL_CAP = 2100;
const FILLED_DOCUMENTS = 2000;
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * A visitor reads a page for 5 to 15 s before the next (10 s on average: 200 visitors ask for about
 * 20 pages a second). Without it, 200 clients asking back to back measure the most one process can
 * serve, not visitors browsing: every page would wait behind 199 others.
 */
const THINK_MS = /** @type {const} */ ([5_000, 15_000]);
const BIG_FILE = 20 * 1024 * 1024; // outlasts a 60 s read at 50 KB/s
const EMAIL = "load@example.org";
const PASSWORD = "load-test-password";
const SEARCH_WORDS = ["shelter", "water", "eviction", "Baidoa", "site", "assessment", "flood", "camp management", "WASH", "2024"];

const { values } = parseArgs({ options: { seconds: { type: "string", default: "60" }, engine: { type: "string", default: "sqlite" } } });
const seconds = Number(values.seconds);
if (!(seconds > 0 && seconds <= 600)) throw new Error("--seconds must be between 1 and 600");
if (values.engine !== "sqlite" && values.engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
const loadAverage = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const cleanups = cleanupRegistry("bench:load", 15 * 60_000 + seconds * 1000);

async function main() {
  const descriptorsNeeded = STREAMS + BROWSERS + SLOW_DOWNLOADS + UPLOADERS + 200;
  const softLimit = Number(/Max open files\s+(\d+)/.exec(fs.readFileSync("/proc/self/limits", "utf8"))?.[1] ?? 0);
  if (softLimit < descriptorsNeeded)
    throw new Error(
      `open-file limit ${softLimit} is below the ${descriptorsNeeded} this test needs: raise it (ulimit -n ${descriptorsNeeded * 2})`,
    );

  ensureBuild();
  const build = snapshotBuild();
  cleanups.add(build.remove);
  const dataDir = tempDataDir();
  cleanups.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  /** @type {Record<string, string>} */
  let env = {
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    DATABASE_URL: "",
    S3_BUCKET: "",
    LIVE_STREAMS_TOTAL: String(STREAMS_TOTAL_CAP),
    LIVE_STREAMS_PER_ADDRESS: "50",
  };
  if (values.engine === "postgres") {
    const database = await createTemporaryDatabase();
    cleanups.add(database.drop);
    env = { ...env, DATABASE_URL: database.url };
  }
  const portal = (/** @type {string} */ command, /** @type {string[]} */ args, input = "") => {
    const [cmd = "", ...argv] = portalArgv(command, args, { bundle: build.bundle });
    const r = spawnSync(cmd, argv, {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      input,
      encoding: "utf8",
      timeout: 300_000,
    });
    if (r.status !== 0) throw new Error(`portal ${command} failed:\n${r.stdout}${r.stderr}`);
  };
  portal("demo", []);
  portal("admin:create", ["--email", EMAIL], `${PASSWORD}\n`);

  // The demo's documents (each with its file) are the downloads; then the generated ones fill the lists.
  let server = await startServer(dataDir, { env, bundle: build.bundle });
  const demo = /** @type {Array<{ id: string }>} */ (await (await fetch(`${server.url}/api/public/documents?per=100`)).json());
  await server.stop();
  portal("fill-documents", ["--count", String(FILLED_DOCUMENTS)]);
  server = await startServer(dataDir, { env, bundle: build.bundle });
  cleanups.add(() => server.stop());
  const all = /** @type {Array<{ id: string }>} */ (await (await fetch(`${server.url}/api/public/documents?per=100&page=3`)).json());
  const cookie = await signIn(server.url, EMAIL, PASSWORD);
  if (!(await uploadDocument(server.url, cookie, await paddedPdf(BIG_FILE, "Load test: large file"), "load-large.pdf")).stored)
    throw new Error("could not store the large file for the slow downloads");
  const found = /** @type {Array<{ id: string, title: string }>} */ (
    await (await fetch(`${server.url}/api/public/documents?q=load-large`)).json()
  );
  const bigId = found.find((d) => d.title === "load-large.pdf")?.id;
  if (!bigId) throw new Error("the large file's document is not in the public list");
  const smallDownloads = demo.map((d) => d.id);
  const documentIds = [...demo, ...all].map((d) => d.id);
  const uploadFiles = await Promise.all(
    Array.from({ length: UPLOADERS }, (_, i) => paddedPdf((1 + i) * 1024 * 1024, `Load test upload ${i + 1}`)),
  );

  // Every kind of page once, so the run measures a warm server (code loaded, list index read).
  const warmAgent = new http.Agent({ keepAlive: false });
  const warmStats = new Stats();
  for (let i = 0; i < 20; i++) await visit(server.url, warmAgent, { documentIds, smallDownloads }, warmStats);
  if (warmStats.errorCount()) throw new Error(`warm-up failed: ${warmStats.errorSummary()}`);

  const stats = new Stats();
  const sampler = sampleServer(server.pid);
  await new Promise((r) => setTimeout(r, 1000));
  const start = sampler.latest();
  // The streams are opened first (a page opens its stream once, then keeps it): the run holds them all.
  console.log(`bench:load: opening ${STREAMS} event streams...`);
  const streams = openStreams(server.url, stats);
  await streams.ready;
  console.log(`bench:load: ${streams.open()} streams open; ${seconds} s of load from now (load average ${loadAverage})`);
  const endAt = Date.now() + seconds * 1000;
  const cpuAtStart = cpuSeconds(server.pid);
  const selfCpuAtStart = process.cpuUsage();
  const slow = Array.from({ length: SLOW_DOWNLOADS }, () => slowDownload(`${server.url}/api/documents/${bigId}/download`, stats));
  const browserAgent = new http.Agent({ keepAlive: true, maxSockets: BROWSERS });
  const browsing = Array.from({ length: BROWSERS }, () => browse(server.url, browserAgent, { documentIds, smallDownloads }, stats, endAt));
  const uploading = Array.from({ length: UPLOADERS }, (_, i) =>
    uploadLoop(server.url, cookie, uploadFiles[i] ?? Buffer.alloc(0), i, stats, endAt),
  );

  await new Promise((r) => setTimeout(r, Math.max(0, endAt - Date.now())));
  const held = streams.open();
  const atEnd = sampler.latest();
  const serverCpu = (cpuSeconds(server.pid) - cpuAtStart) / seconds;
  const selfCpu = process.cpuUsage(selfCpuAtStart);
  const clientCpu = (selfCpu.user + selfCpu.system) / 1e6 / seconds;
  await Promise.all([...browsing, ...uploading]);
  const rates = slow.map((s) => s.stop());
  streams.close();
  browserAgent.destroy();
  await new Promise((r) => setTimeout(r, 2000));
  const after = sampler.latest();
  sampler.stop();

  console.log(
    `\nLoad test: ${seconds} s, ${BROWSERS} anonymous clients, ${SLOW_DOWNLOADS} downloads at ${SLOW_RATE / 1024} KB/s, ${UPLOADERS} uploads in a loop, ${STREAMS} event streams ` +
      `(${values.engine === "postgres" ? "PostgreSQL" : "SQLite"} + local files; LIVE_STREAMS_TOTAL=${STREAMS_TOTAL_CAP}, LIVE_STREAMS_PER_ADDRESS=50, ` +
      `streams from ${STREAM_ADDRESSES} loopback addresses; open-file limit ${softLimit}; load average at start ${loadAverage}).`,
  );
  printTable(stats.rows(seconds));
  const errors = stats.errorCount();
  printTable([
    {
      errors,
      "RSS start MiB": start.rss.toFixed(0),
      "RSS peak MiB": sampler.peak().rss.toFixed(0),
      "RSS end MiB": atEnd.rss.toFixed(0),
      "RSS 2 s after MiB": after.rss.toFixed(0),
      "fds start": start.fds,
      "fds peak": sampler.peak().fds,
      "fds end": atEnd.fds,
      "fds 2 s after": after.fds,
      "streams held": `${held}/${STREAMS}`,
      "server CPU": `${(serverCpu * 100).toFixed(0)}%`,
      "client CPU": `${(clientCpu * 100).toFixed(0)}%`,
    },
  ]);
  const mean = rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length);
  console.log(
    `Slow downloads: ${rates.length} read for the whole run at ${mean.toFixed(1)} KB/s each on average (target ${SLOW_RATE / 1024}).`,
  );
  console.log(`GETs sent again on a new connection after the server closed an idle kept-alive one: ${stats.retried}.`);
  if (errors) console.log(`\nErrors: ${stats.errorSummary()}`);
  console.log(errors ? "\nNOT met: errors above." : "\nMet: 0 errors.");
  if (errors) process.exitCode = 1;
}

/** Latencies and errors per kind of request. */
class Stats {
  /** @type {Map<string, number[]>} */ latencies = new Map();
  /** @type {Map<string, number>} */ errors = new Map();
  /** GETs sent again after a kept-alive connection closed under them (see `get`). */
  retried = 0;
  /** @param {string} kind @param {number} ms */
  ok(kind, ms) {
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
  }
  /** @param {string} what */
  error(what) {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
  }
  errorCount() {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
  errorSummary() {
    return [...this.errors].map(([what, n]) => `${what}: ${n}`).join("; ");
  }
  /** @param {number} seconds */
  rows(seconds) {
    return [...this.latencies].map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (/** @type {number} */ q) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(0);
      const errors = [...this.errors].filter(([what]) => what.startsWith(`${kind}:`)).reduce((a, [, n]) => a + n, 0);
      return {
        kind,
        requests: list.length,
        "req/s": (list.length / seconds).toFixed(1),
        "p50 ms": at(0.5),
        "p95 ms": at(0.95),
        "p99 ms": at(0.99),
        errors,
      };
    });
  }
}

/**
 * One GET, body read to the end. Resolves with the status (or null after an error, counted).
 * A kept-alive connection the server closed (idle past its keep-alive timeout) just as the request
 * went out fails with ECONNRESET before any answer: as browsers do, such a GET is sent once more on
 * a new connection, and counted apart (`retried`), not as an error.
 * @param {string} url @param {http.Agent} agent @param {string} kind @param {Stats} stats @param {boolean} [retry]
 * @returns {Promise<{ status: number, location: string | undefined } | null>}
 */
function get(url, agent, kind, stats, retry = true) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    let answered = false;
    const req = http.get(url, { agent, headers: { "Accept-Encoding": "gzip, br" } }, (res) => {
      answered = true;
      res.resume();
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 400) stats.ok(kind, performance.now() - t0);
        else stats.error(`${kind}: HTTP ${status}`);
        resolve({ status, location: res.headers.location });
      });
      res.on("error", (error) => {
        stats.error(`${kind}: ${error.message}`);
        resolve(null);
      });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error("timeout")));
    req.on("error", (error) => {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (retry && req.reusedSocket && !answered && (code === "ECONNRESET" || code === "EPIPE")) {
        stats.retried++;
        // A fresh connection: the agent might hand out another kept-alive one the server closed.
        resolve(get(url, NEW_CONNECTION, kind, stats, false));
        return;
      }
      stats.error(`${kind}: ${code ?? error.message}`);
      resolve(null);
    });
  });
}

/** An agent that keeps no connection: each request opens its own. */
const NEW_CONNECTION = new http.Agent({ keepAlive: false });

const pick = (/** @type {string[]} */ list) => list[Math.floor(Math.random() * list.length)] ?? "";

/**
 * One anonymous visitor until `endAt`: a page, some seconds reading it (THINK_MS), the next. What
 * it asks for is drawn with a visitor's weights (lists and document pages most, downloads least).
 * @param {string} base @param {http.Agent} agent @param {{ documentIds: string[], smallDownloads: string[] }} ids @param {Stats} stats @param {number} endAt
 */
async function browse(base, agent, ids, stats, endAt) {
  // Visitors arrive spread over the longest reading time, not all in the first millisecond.
  let think = Math.random() * THINK_MS[1];
  for (;;) {
    await new Promise((r) => setTimeout(r, think));
    if (Date.now() >= endAt) return;
    await visit(base, agent, ids, stats);
    think = THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);
  }
}

/** One page (or download) of a visitor. @param {string} base @param {http.Agent} agent @param {{ documentIds: string[], smallDownloads: string[] }} ids @param {Stats} stats */
async function visit(base, agent, ids, stats) {
  const r = Math.random();
  if (r < 0.15) await get(`${base}/`, agent, "home", stats);
  else if (r < 0.45)
    await get(`${base}${pick(["/documents", "/reports", "/guidelines", "/standards", "/documents?page=2"])}`, agent, "list", stats);
  else if (r < 0.6) await get(`${base}/documents?q=${encodeURIComponent(pick(SEARCH_WORDS))}`, agent, "search", stats);
  else if (r < 0.8) await get(`${base}/document/${pick(ids.documentIds)}`, agent, "document", stats);
  else if (r < 0.9) await get(`${base}/dashboards`, agent, "dashboards", stats);
  else {
    // The download route answers with the file or sends the browser on to a signed link.
    const first = await get(`${base}/api/documents/${pick(ids.smallDownloads)}/download`, agent, "download", stats);
    if (first?.location && first.status >= 300) await get(new URL(first.location, base).href, agent, "download", stats);
  }
}

/**
 * A reader on a slow link: reads the file at `SLOW_RATE` by pausing the response between chunks.
 * Counted as an error if the download ends or fails before `stop` (the file outlasts the run).
 * @param {string} url @param {Stats} stats
 */
function slowDownload(url, stats) {
  let stopping = false;
  const t0 = performance.now();
  let bytes = 0;
  const req = http.get(url, { agent: false }, (res) => {
    if ((res.statusCode ?? 0) !== 200) {
      stats.error(`slow download: HTTP ${res.statusCode}`);
      res.resume();
      return;
    }
    res.on("data", (chunk) => {
      bytes += chunk.length;
      const due = t0 + (bytes / SLOW_RATE) * 1000;
      const wait = due - performance.now();
      if (wait > 0) {
        res.pause();
        setTimeout(() => res.resume(), wait);
      }
    });
    res.on("end", () => !stopping && stats.error("slow download: ended early"));
    res.on("error", (error) => !stopping && stats.error(`slow download: ${error.message}`));
  });
  req.on(
    "error",
    (error) => !stopping && stats.error(`slow download: ${/** @type {NodeJS.ErrnoException} */ (error).code ?? error.message}`),
  );
  return {
    /** Ends the download; returns the rate it read at, in KB/s. */
    stop() {
      stopping = true;
      req.destroy();
      return bytes / 1024 / ((performance.now() - t0) / 1000);
    },
  };
}

/**
 * `STREAMS` live-event streams, spread over `STREAM_ADDRESSES` loopback source addresses and opened
 * in batches; a stream that is refused, fails or ends before `close` is an error.
 * @param {string} base @param {Stats} stats
 */
function openStreams(base, stats) {
  let closing = false;
  let open = 0;
  let answered = 0;
  /** @type {() => void} */
  let allAnswered = () => undefined;
  /** @type {Promise<void>} */
  const ready = new Promise((resolve) => {
    allAnswered = resolve;
  });
  const answer = () => {
    answered++;
    if (answered === STREAMS) allAnswered();
  };
  /** @type {http.ClientRequest[]} */
  const requests = [];
  const one = (/** @type {number} */ i) => {
    const t0 = performance.now();
    let responded = false;
    const req = http.get(`${base}/api/events`, { agent: false, localAddress: `127.0.0.${2 + (i % STREAM_ADDRESSES)}` }, (res) => {
      responded = true;
      answer();
      if (res.statusCode !== 200) {
        stats.error(`event stream: HTTP ${res.statusCode}`);
        res.resume();
        return;
      }
      open++;
      stats.ok("event stream", performance.now() - t0);
      res.resume();
      res.once("close", () => {
        open--;
        if (!closing) stats.error("event stream: dropped");
      });
    });
    req.on("error", (error) => {
      if (closing) return;
      stats.error(`event stream: ${/** @type {NodeJS.ErrnoException} */ (error).code ?? error.message}`);
      if (!responded) answer();
    });
    requests.push(req);
  };
  // 25 every 250 ms (100 a second, about 20 s in all), as pages opening them would: not one burst
  // that overflows the listen queue.
  let next = 0;
  const opener = setInterval(() => {
    for (let n = 0; n < 25 && next < STREAMS; n++) one(next++);
    if (next >= STREAMS) clearInterval(opener);
  }, 250);
  return {
    /** Resolves once every stream was answered (or failed), or after a minute. */
    ready: Promise.race([ready, new Promise((r) => setTimeout(r, 60_000))]),
    open: () => open,
    close() {
      closing = true;
      clearInterval(opener);
      for (const req of requests) req.destroy();
    },
  };
}

/**
 * A member of staff uploading a document, again and again until `endAt` (the last one finishes).
 * @param {string} base @param {string} cookie @param {Buffer} pdf @param {number} n @param {Stats} stats @param {number} endAt
 */
async function uploadLoop(base, cookie, pdf, n, stats, endAt) {
  for (let round = 1; Date.now() < endAt; round++) {
    const t0 = performance.now();
    const stored = await uploadDocument(base, cookie, pdf, `load-${n}-${round}.pdf`, 60_000).then(
      (answer) => answer.stored,
      (/** @type {Error} */ error) => {
        stats.error(`upload: ${error.message}`);
        return undefined;
      },
    );
    if (stored === false) stats.error("upload: refused");
    else if (stored) stats.ok("upload", performance.now() - t0);
  }
}

/**
 * RSS (MiB) and open descriptors of the server, every second.
 * @param {number} pid
 */
function sampleServer(pid) {
  /** @type {Array<{ rss: number, fds: number }>} */
  const samples = [];
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      samples.push({ rss, fds: fs.readdirSync(`/proc/${pid}/fd`).length });
    } catch {
      // The server is gone: the run's own checks say so.
    }
  };
  sample();
  const timer = setInterval(sample, 1000);
  const empty = { rss: 0, fds: 0 };
  return {
    latest: () => {
      sample();
      return samples[samples.length - 1] ?? empty;
    },
    peak: () => ({ rss: Math.max(0, ...samples.map((s) => s.rss)), fds: Math.max(0, ...samples.map((s) => s.fds)) }),
    stop: () => clearInterval(timer),
  };
}

// Last, once every declaration above (the Stats class) is initialised.
await cleanups.guard(main);
