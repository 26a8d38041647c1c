#!/usr/bin/env node
// @ts-check
/**
 * Anonymous pages under load (issue 13 item 7): each public page rendered per request ("cold",
 * the page cache off) and from the page cache ("cached"), and a bare Node server sending the same
 * bytes with the same headers, on SQLite and PostgreSQL, with the demo content and with N
 * generated documents.
 *
 *   npm run bench:pages -- [--engines sqlite,postgres] [--sizes demo,100000] [--seconds 10]
 *
 * Per page: the server time of one request at a time (median and p95 of 40, measured by the
 * client on loopback), then wrk (one thread, 32 connections) for requests/s and p99. The portal
 * and the bare server are pinned to core 0 and wrk to core 1 (taskset), so "one instance on one
 * core" is what is measured. Everything is on loopback, bounded in time; only processes started
 * here are stopped, by their id, and the temporary databases and folders are removed.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createTemporaryDatabase } from "./engines.mjs";
import { cleanupRegistry, ensureBuild, portalArgv, printTable, root, snapshotBuild, startServer, tempDataDir } from "./support.mjs";
import { ensureWrk, percentile, runWrk, writeWrkScript } from "./wrk.mjs";

const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {string} */ fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : (args[i + 1] ?? fallback);
};
const ENGINES = option("engines", "sqlite,postgres").split(",");
const SIZES = option("sizes", "demo,100000").split(",");
const WRK_SECONDS = Number(option("seconds", "10"));
const CONNECTIONS = 32;
const WARM_UP_SECONDS = 3;
const SERIAL_REQUESTS = 40;
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const OVERALL_LIMIT_MS = 60 * 60_000;

try {
  if (os.cpus().length < 2) throw new Error("needs two CPU cores (one for the server, one for wrk)");
  if (spawnSync("taskset", ["-V"]).error) throw new Error("taskset is missing (Debian package util-linux)");
  ensureWrk();
} catch (error) {
  console.error(`bench:pages: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const cleanups = cleanupRegistry("bench:pages", OVERALL_LIMIT_MS);

/** One `portal` command in the snapshot's bundle; throws with its output on failure. */
function runPortal(
  /** @type {string} */ bundle,
  /** @type {string} */ command,
  /** @type {string[]} */ argv,
  /** @type {Record<string, string>} */ env,
) {
  const [cmd = "", ...rest] = portalArgv(command, argv, { bundle });
  const r = spawnSync(cmd, rest, { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: "warn" }, encoding: "utf8", timeout: 30 * 60_000 });
  if (r.status !== 0) throw new Error(`portal ${command} failed (${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** GET with keep-alive; resolves with status, headers and the whole body. */
function get(/** @type {string} */ url, /** @type {http.Agent} */ agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { "Accept-Encoding": ACCEPT_ENCODING } }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
  });
}

/** Median and p95 of one request at a time, in ms. */
async function serialTimes(/** @type {string} */ url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 3; i++) await get(url, agent);
    const times = [];
    for (let i = 0; i < SERIAL_REQUESTS; i++) {
      const t0 = performance.now();
      const res = /** @type {{ status: number }} */ (await get(url, agent));
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    }
    times.sort((a, b) => a - b);
    const at = (/** @type {number} */ q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
    return { p50: at(0.5), p95: at(0.95) };
  } finally {
    agent.destroy();
  }
}

/** wrk on core 1 against `url`: requests/s and p99 in ms; errors counted. */
async function load(/** @type {string} */ url, /** @type {string} */ script, seconds = WRK_SECONDS) {
  const wrk = runWrk({
    url,
    connections: CONNECTIONS,
    seconds,
    script,
    headers: [`Accept-Encoding: ${ACCEPT_ENCODING}`],
    cpu: 1,
  });
  cleanups.add(wrk.kill);
  const report = await wrk.done;
  const errors = Object.values(report.errors).reduce((a, b) => a + b, 0);
  return { rps: report.requests / (report.durationUs / 1e6), p99: percentile(report.latency, 0.99) / 1000, errors };
}

/**
 * A bare Node server on core 0 answering every request with the bytes and headers the portal
 * sent for one page (its compressed body): the ceiling of what serving those bytes costs.
 */
async function startBareServer(/** @type {{ headers: http.IncomingHttpHeaders, body: Buffer }} */ page) {
  const program = `const http = require("node:http");
const body = Buffer.from(process.argv[1], "base64");
const headers = JSON.parse(process.argv[2]);
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(0, "127.0.0.1", function () { console.log("BARE_PORT " + this.address().port); });`;
  const headers = Object.fromEntries(
    Object.entries(page.headers).filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name)),
  );
  const child = spawn("taskset", ["-c", "0", process.execPath, "-e", program, page.body.toString("base64"), JSON.stringify(headers)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  cleanups.add(stop);
  const port = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
      const m = /BARE_PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", () => reject(new Error(`bare server exited:\n${out}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop };
}

const PAGES = [
  { page: "home", path: "/" },
  { page: "reports", path: "/reports" },
  { page: "guidelines", path: "/guidelines" },
  { page: "standards", path: "/standards" },
  { page: "library", path: "/documents" },
  { page: "search", path: "/documents?q=site+monitoring" },
  { page: "detail", path: "/document/{id}" },
  { page: "JSON", path: "/api/public/documents" },
];

async function runOne(
  /** @type {string} */ engine,
  /** @type {string} */ size,
  /** @type {string} */ bundle,
  /** @type {string} */ script,
) {
  const dataDir = tempDataDir();
  cleanups.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  /** @type {Record<string, string>} */
  const env = { NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "" };
  if (engine === "postgres") {
    const db = await createTemporaryDatabase();
    cleanups.add(db.drop);
    env.DATABASE_URL = db.url;
  } else if (engine !== "sqlite") throw new Error(`unknown engine ${engine}`);
  if (size === "demo") runPortal(bundle, "demo", [], env);
  else runPortal(bundle, "fill-documents", ["--count", size], env);
  // The files are read before the server starts: an installation reads each file once, when it
  // is stored, and the demo's 40 read by the server's own reader during the measurement would put
  // a one-time backlog (a child process per file, on the server's core) into every p99 measured.
  runPortal(bundle, "reprocess", [], env);

  const rows = [];
  /** @type {Record<string, { p50: number, p95: number, rps: number, p99: number, errors: number }>} */
  const cold = {};
  // Cache off: every request is rendered (the "before").
  {
    const server = await startServer(dataDir, { env: { ...env, PAGE_CACHE_SECONDS: "0" }, bundle, cpu: 0 });
    cleanups.add(server.stop);
    const id = await newestDocumentId(server.url);
    for (const p of PAGES) {
      const url = `${server.url}${p.path.replace("{id}", id)}`;
      cold[p.page] = { ...(await serialTimes(url)), ...(await load(url, script)) };
      console.error(`${engine} ${size} ${p.page} cold: ${cold[p.page]?.rps.toFixed(0)} req/s`);
    }
    await server.stop();
  }
  const server = await startServer(dataDir, { env, bundle, cpu: 0 });
  cleanups.add(server.stop);
  const id = await newestDocumentId(server.url);
  // Steady state, not the first seconds of a process: its start-up work (the sweeps, the file
  // reader's first look, the JIT warming the hit path) otherwise lands in the first page's p99.
  await load(`${server.url}/`, script, WARM_UP_SECONDS);
  for (const p of PAGES) {
    const url = `${server.url}${p.path.replace("{id}", id)}`;
    const agent = new http.Agent({ keepAlive: true });
    const page = /** @type {{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }} */ (await get(url, agent));
    agent.destroy();
    const cached = { ...(await serialTimes(url)), ...(await load(url, script)) };
    const bare = await startBareServer(page);
    const ceiling = await load(bare.url, script);
    bare.stop();
    const before = cold[p.page];
    rows.push({
      page: p.page,
      "br KB": (page.body.length / 1024).toFixed(1),
      "cold p50/p95 ms": before ? `${before.p50.toFixed(1)} / ${before.p95.toFixed(1)}` : "-",
      "cold req/s": before ? before.rps.toFixed(0) : "-",
      "cold p99 ms": before ? before.p99.toFixed(1) : "-",
      "cached p50/p95 ms": `${cached.p50.toFixed(2)} / ${cached.p95.toFixed(2)}`,
      "cached req/s": cached.rps.toFixed(0),
      "cached p99 ms": cached.p99.toFixed(1),
      "bare req/s": ceiling.rps.toFixed(0),
      "bare p99 ms": ceiling.p99.toFixed(1),
      "cached/bare": (cached.rps / ceiling.rps).toFixed(2),
      errors: (before?.errors ?? 0) + cached.errors + ceiling.errors,
    });
    console.error(`${engine} ${size} ${p.page} cached: ${cached.rps.toFixed(0)} req/s (bare ${ceiling.rps.toFixed(0)})`);
  }
  await server.stop();
  console.log(`\n## ${engine}, ${size === "demo" ? "demo content" : `${Number(size).toLocaleString("en-US")} documents`}\n`);
  printTable(rows);
}

/** The newest published document's id, from the public JSON. */
async function newestDocumentId(/** @type {string} */ base) {
  const res = await fetch(`${base}/api/public/documents?per=12`);
  const list = /** @type {Array<{ id: string }>} */ (await res.json());
  if (!list[0]) throw new Error("no published document");
  return list[0].id;
}

async function main() {
  ensureBuild();
  const build = snapshotBuild();
  cleanups.add(build.remove);
  const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-wrk-"));
  cleanups.add(() => fs.rmSync(scriptDir, { recursive: true, force: true }));
  const script = writeWrkScript(scriptDir);
  console.log(
    `# Pages benchmark\n\nMachine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}. ` +
      `Server on core 0, wrk (1 thread, ${CONNECTIONS} connections, ${WRK_SECONDS} s, Accept-Encoding: ${ACCEPT_ENCODING}) on core 1. ` +
      `p50/p95: ${SERIAL_REQUESTS} requests one at a time, client-side on loopback. "cold": page cache off (PAGE_CACHE_SECONDS=0), ` +
      `every request rendered; "cached": the page cache on (the default); "bare": a Node http server on core 0 sending the same bytes and headers.`,
  );
  for (const engine of ENGINES) {
    for (const size of SIZES) await runOne(engine, size, build.bundle, script);
  }
}

await cleanups.guard(main);
