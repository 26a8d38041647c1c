#!/usr/bin/env node
// @ts-check
/**
 * Scale-out (issue 5): ONE portal instance against TWO on one PostgreSQL database under the same
 * load, on the home page and the public list pages. Target: two instances serve at least 1.6x the
 * requests/s of one on the list pages.
 *
 *   npm run bench:scale-out        (TEST_DATABASE_URL: a PostgreSQL server where we may create a
 *                                   database; default postgres://postgres@127.0.0.1:5432/test)
 *
 * Set-up: a temporary database (dropped at the end, also on failure or Ctrl-C) with the demo
 * content, one shared data folder for files (the list pages read none), one build. Instance A is
 * pinned to core 0 and instance B to core 1 (taskset); the single-instance runs load A only.
 * Load: wrk (C, one thread) rather than a Node client, which would take CPU from the instances.
 * Two instances get one wrk each with half the connections, as a load balancer spreading
 * connections evenly would; requests/s are summed, p50 is taken from the merged latencies and
 * p99 is the worse of the two wrk runs. Everything is on loopback, bounded in time, and only
 * processes started here are stopped.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureBuild, portalArgv, printTable, root, snapshotBuild, startServer, tempDataDir } from "./support.mjs";
import { ensureWrk, percentile, runWrk, watchResources, writeWrkScript } from "./wrk.mjs";

const PAGES = [
  { page: "home", path: "/" },
  { page: "reports", path: "/reports" },
  { page: "guidelines", path: "/guidelines" },
  { page: "library", path: "/documents" },
];
const CONNECTIONS = 32;
const WARM_UP_S = 3;
const DURATION_S = 15;
/** One and two instances alternate this many times per page, so a drift of the machine's speed hits both alike. */
const ROUNDS = 2;
const OVERALL_LIMIT_MS = 20 * 60_000;
/** Above this (% of one core), something else competed for the cores during a run. */
const OTHER_CPU_WARNING = 15;
// What a browser sends: the app compresses pages, and that work is part of serving them.
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

try {
  if (os.cpus().length < 2) throw new Error("needs at least two CPU cores (one per instance)");
  if (spawnSync("taskset", ["-V"]).error) throw new Error("taskset is missing (Debian package util-linux)");
  ensureWrk();
} catch (error) {
  console.error(`bench:scale-out: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/** Run in reverse order at the end, whatever happens. @type {Array<() => unknown>} */
const cleanups = [];
/** @type {Promise<void> | undefined} */
let cleaning;
/** Runs once; every caller (normal end, failure, signal, time limit) waits for the same run. */
function cleanUp() {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        console.error(`clean-up step failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}
let stopReason = "";
/** @param {string} reason @param {number} code */
function stopEarly(reason, code) {
  if (stopReason) return;
  stopReason = reason;
  console.error(`\n${reason}: stopping and cleaning up`);
  void cleanUp().finally(() => process.exit(code));
}
process.once("SIGINT", () => stopEarly("SIGINT", 130));
process.once("SIGTERM", () => stopEarly("SIGTERM", 143));
setTimeout(() => stopEarly(`no result after ${OVERALL_LIMIT_MS / 60_000} minutes`, 1), OVERALL_LIMIT_MS).unref();

try {
  await main();
} catch (error) {
  // After a signal, the failures of the runs it cut short are expected: say nothing more.
  if (!stopReason) console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

async function main() {
  ensureBuild();
  const build = snapshotBuild();
  cleanups.push(build.remove);
  const dataDir = tempDataDir();
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-wrk-"));
  cleanups.push(() => fs.rmSync(workDir, { recursive: true, force: true }));
  const wrkScript = writeWrkScript(workDir);

  const databaseUrl = await createTemporaryDatabase();
  // NODE_ENV=production as the deployment guide's service sets it (React's production build).
  const env = { DATABASE_URL: databaseUrl, NODE_ENV: "production", LOG_LEVEL: "info" };
  loadDemo(build.bundle, { ...env, DATA_DIR: dataDir });

  const a = await startServer(dataDir, { env, bundle: build.bundle, cpu: 0 });
  cleanups.push(a.stop);
  const b = await startServer(dataDir, { env, bundle: build.bundle, cpu: 1 });
  cleanups.push(b.stop);
  const sampler = new pg.Client({ connectionString: databaseUrl });
  await sampler.connect();
  cleanups.push(() => sampler.end());

  for (const { path: p } of PAGES) for (const s of [a, b]) await expectPage(s.url + p);

  const results = [];
  const cpuRows = [];
  for (const { page, path: p } of PAGES) {
    console.error(`${page}: ${ROUNDS} x (one instance, then two), ${WARM_UP_S} s warm-up + ${DURATION_S} s each`);
    const half = CONNECTIONS / 2;
    const oneRuns = [];
    const twoRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      oneRuns.push(await measure([{ server: a, connections: CONNECTIONS }], p, wrkScript, sampler));
      twoRuns.push(
        await measure(
          [
            { server: a, connections: half },
            { server: b, connections: half },
          ],
          p,
          wrkScript,
          sampler,
        ),
      );
    }
    const one = summarise(oneRuns);
    const two = summarise(twoRuns);
    const ratio = two.rps / one.rps;
    results.push(row(page, p, 1, one, ""), row(page, p, 2, two, `${ratio.toFixed(2)}x`));
    cpuRows.push(cpuRow(page, 1, one), cpuRow(page, 2, two));
  }

  console.log(
    `\nOne vs two portal instances on one PostgreSQL database (demo content), ${CONNECTIONS} connections in total, ` +
      `${DURATION_S} s per run after ${WARM_UP_S} s of warm-up, ${ROUNDS} rounds of one then two per page (figures over all rounds), ` +
      `wrk, Accept-Encoding: ${ACCEPT_ENCODING}.\n` +
      `Instance A on core 0, B on core 1 (taskset); the load balancer is modelled as one wrk per instance with half the ` +
      `connections each (an even split); req/s summed, p50 from the merged latencies, p99 the worse of the two.\n` +
      `non-2xx: answers of 400 and above counted by wrk (every page answered 200, not a redirect, before the runs).\n` +
      `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}); wrk and PostgreSQL share them with the instances.\n`,
  );
  printTable(results);
  console.log(`\nWhere the CPU went during each measured run (% of one core; the machine has ${os.cpus().length * 100} %):\n`);
  printTable(cpuRows);
  const busiest = Math.max(...cpuRows.map((r) => Number(r["other processes CPU %"])));
  if (busiest > OTHER_CPU_WARNING) {
    console.log(
      `\nWARNING: other processes used up to ${busiest} % of a core during a run: the instances did not have the ` +
        'machine to themselves, so req/s and ratios understate them. Compare "ms of app CPU per request" instead, or run again on a quiet machine.',
    );
  }
  const listRatios = results.filter((r) => r.instances === 2 && r.page !== "home (/)").map((r) => Number.parseFloat(String(r["two/one"])));
  const worst = Math.min(...listRatios);
  console.log(
    `\nList pages: two/one between ${worst.toFixed(2)}x and ${Math.max(...listRatios).toFixed(2)}x (target >= 1.6x): ${worst >= 1.6 ? "met" : "NOT met"}.`,
  );
}

/** Creates a database of our own on the test server and registers its removal. */
async function createTemporaryDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const name = `portal_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** `portal demo` into the temporary database (it migrates first). @param {string} bundle @param {Record<string, string>} env */
function loadDemo(bundle, env) {
  const [cmd = "", ...args] = portalArgv("demo", [], { bundle });
  const r = spawnSync(cmd, args, { cwd: root, env: { ...process.env, ...env, LOG_LEVEL: "warn" }, encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) throw new Error(`portal demo failed:\n${r.stdout}${r.stderr}`);
}

/** The page must answer 200 itself (no redirect), or the numbers would measure something else. @param {string} url */
async function expectPage(url) {
  const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
}

/**
 * Warm-up, then one measured run: every target's wrk at once, while CPU time and busy database
 * connections are sampled.
 * @param {Array<{ server: { url: string, pid: number }, connections: number }>} targets
 * @param {string} pathname @param {string} wrkScript @param {pg.Client} sampler
 */
async function measure(targets, pathname, wrkScript, sampler) {
  const headers = [`Accept-Encoding: ${ACCEPT_ENCODING}`];
  /** @param {number} seconds */
  const start = (seconds) =>
    targets.map((t) => {
      const run = runWrk({ url: t.server.url + pathname, connections: t.connections, seconds, script: wrkScript, headers });
      cleanups.push(run.kill);
      return run;
    });
  await Promise.all(start(WARM_UP_S).map((r) => r.done));
  const runs = start(DURATION_S);
  const watch = watchResources({
    appPids: targets.map((t) => t.server.pid),
    wrkPids: runs.map((r) => r.pid),
    countActiveQueries: async () => {
      const { rows } = await sampler.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
      );
      return rows[0].n;
    },
  });
  const reports = await Promise.all(runs.map((r) => r.done));
  return { reports, usage: await watch.stop() };
}

/**
 * The rounds of one configuration as one figure: req/s the mean of the rounds (each the sum over
 * its wrk runs), p50 over every latency, p99 per instance over its rounds, then the worse one;
 * CPU shares averaged.
 * @param {Array<Awaited<ReturnType<typeof measure>>>} runs
 */
function summarise(runs) {
  /** @param {Array<Map<number, number>>} histograms */
  const merge = (histograms) => {
    const merged = new Map();
    for (const h of histograms) for (const [value, count] of h) merged.set(value, (merged.get(value) ?? 0) + count);
    return merged;
  };
  /** @param {number[]} xs */
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const perInstance = (runs[0]?.reports ?? []).map((_, i) => merge(runs.map((r) => r.reports[i]?.latency ?? new Map())));
  const reports = runs.flatMap((r) => r.reports);
  const usages = runs.map((r) => r.usage);
  return {
    rps: mean(runs.map((r) => r.reports.reduce((sum, x) => sum + x.requests / (x.durationUs / 1e6), 0))),
    p50: percentile(merge(perInstance), 0.5),
    p99: Math.max(...perInstance.map((h) => percentile(h, 0.99))),
    non2xx: reports.reduce((sum, r) => sum + r.errors.status, 0),
    socketErrors: reports.reduce((sum, r) => sum + r.errors.connect + r.errors.read + r.errors.write + r.errors.timeout, 0),
    usage: {
      app: (usages[0]?.app ?? []).map((_, i) => mean(usages.map((u) => u.app[i] ?? 0))),
      wrk: mean(usages.map((u) => u.wrk)),
      postgres: mean(usages.map((u) => u.postgres)),
      cores: (usages[0]?.cores ?? []).map((_, i) => mean(usages.map((u) => u.cores[i] ?? 0))),
      steal: (usages[0]?.steal ?? []).map((_, i) => mean(usages.map((u) => u.steal[i] ?? 0))),
      activeQueries: mean(usages.map((u) => u.activeQueries)),
    },
  };
}

/** @param {string} page @param {string} pathname @param {number} instances @param {ReturnType<typeof summarise>} m @param {string} ratio */
function row(page, pathname, instances, m, ratio) {
  return {
    page: `${page} (${pathname})`,
    instances,
    "req/s": m.rps.toFixed(1),
    "p50 ms": (m.p50 / 1000).toFixed(1),
    "p99 ms": (m.p99 / 1000).toFixed(1),
    "non-2xx": m.non2xx,
    "socket errors": m.socketErrors,
    "two/one": ratio,
  };
}

/** @param {string} page @param {number} instances @param {ReturnType<typeof summarise>} m */
function cpuRow(page, instances, m) {
  const u = m.usage;
  return {
    page,
    instances,
    "app CPU % (A, B)": u.app
      .slice(0, instances)
      .map((x) => x.toFixed(0))
      .join(", "),
    "PostgreSQL CPU %": u.postgres.toFixed(0),
    "wrk CPU %": u.wrk.toFixed(0),
    "core busy % (0, 1)": u.cores.map((x) => x.toFixed(0)).join(", "),
    // The host running another guest on our virtual core: time neither we nor anyone here got.
    "steal % (0, 1)": u.steal.map((x) => x.toFixed(0)).join(", "),
    // Whatever else ran on the machine meanwhile (this script's own sampling included).
    "other processes CPU %": Math.max(
      0,
      u.cores.reduce((s, x) => s + x, 0) - u.app.slice(0, instances).reduce((s, x) => s + x, 0) - u.postgres - u.wrk,
    ).toFixed(0),
    "queries running (avg)": u.activeQueries.toFixed(1),
    "ms of app CPU per request": ((u.app.slice(0, instances).reduce((s, x) => s + x, 0) * 10) / m.rps).toFixed(2),
  };
}
