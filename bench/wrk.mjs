// @ts-check
/**
 * Load generation and resource sampling for the throughput benchmarks (bench/scale-out.mjs):
 * wrk runs with their full latency histograms, and the CPU time each party used meanwhile.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { coreTimes, cpuSeconds, pidsNamed } from "./support.mjs";

/** wrk's summary and full latency histogram (microseconds), printed once at the end of a run. */
const WRK_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_SUMMARY %d %d %d %d %d %d %d\\n", summary.duration, summary.requests, e.connect, e.read, e.write, e.status, e.timeout))
  for i = 1, #latency do
    local value, count = latency(i)
    io.write(string.format("WRK_LATENCY %d %d\\n", value, count))
  end
end
`;

/**
 * wrk (a C load generator: a Node one would take CPU from the servers measured). Installs
 * Debian's package when it is missing and we are root; otherwise throws saying how to install it.
 */
export function ensureWrk() {
  if (!spawnSync("wrk", ["-v"]).error) return;
  if (process.getuid?.() !== 0) throw new Error("wrk is missing: install Debian's package as root: apt-get install -y wrk");
  console.error("Installing Debian's wrk package...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const installed = spawnSync("apt-get", ["install", "-y", "-qq", "wrk"], { stdio: "inherit", env });
  if (installed.status !== 0 || spawnSync("wrk", ["-v"]).error) throw new Error("could not install wrk: apt-get install -y wrk");
}

/** Writes the reporting script wrk loads into `dir`; returns its path. @param {string} dir */
export function writeWrkScript(dir) {
  const file = path.join(dir, "report.lua");
  fs.writeFileSync(file, WRK_SCRIPT);
  return file;
}

/**
 * @typedef {{ durationUs: number, requests: number, errors: { connect: number, read: number, write: number, status: number, timeout: number }, latency: Map<number, number> }} WrkReport
 * `errors.status` counts answers of 400 and above; `latency` maps microseconds to a count.
 */

/**
 * One wrk process with one thread, bounded: it stops after `seconds`, and is killed if it
 * overruns by 30 s. `kill` stops it early (for clean-up).
 * `cpu` pins it to that core (taskset), away from the server measured.
 * @param {{ url: string, connections: number, seconds: number, script: string, headers?: string[], cpu?: number }} options
 * @returns {{ pid: number, done: Promise<WrkReport>, kill: () => void }}
 */
export function runWrk({ url, connections, seconds, script, headers = [], cpu }) {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", script, ...headers.flatMap((h) => ["-H", h]), url];
  const child =
    cpu === undefined
      ? spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] })
      : spawn("taskset", ["-c", String(cpu), "wrk", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  const killer = setTimeout(() => child.kill("SIGKILL"), (seconds + 30) * 1000);
  /** @type {Promise<WrkReport>} */
  const done = new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(killer);
      const summary = /WRK_SUMMARY (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(out);
      if (code !== 0 || !summary) return reject(new Error(`wrk failed (exit ${code}):\n${out}`));
      const [durationUs = 0, requests = 0, connect = 0, read = 0, write = 0, status = 0, timeout = 0] = summary.slice(1).map(Number);
      const latency = new Map([...out.matchAll(/WRK_LATENCY (\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]));
      resolve({ durationUs, requests, errors: { connect, read, write, status, timeout }, latency });
    });
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  return { pid: /** @type {number} */ (child.pid), done, kill };
}

/** The value at quantile `q` (0..1) of a histogram. @param {Map<number, number>} histogram value -> count @param {number} q */
export function percentile(histogram, q) {
  const entries = [...histogram.entries()].sort((x, y) => x[0] - y[0]);
  const total = entries.reduce((sum, [, c]) => sum + c, 0);
  let seen = 0;
  for (const [value, count] of entries) {
    seen += count;
    if (seen >= q * total) return value;
  }
  return entries.at(-1)?.[0] ?? 0;
}

/**
 * @typedef {{ app: number[], wrk: number, postgres: number, cores: number[], steal: number[], activeQueries: number }} Usage
 * CPU in % of one core: each app process, all wrk processes, all PostgreSQL processes; each core's
 * busy % and steal %; the average of `countActiveQueries` over the samples.
 */

/**
 * Samples twice a second while wrk runs: CPU time of the app processes, of every PostgreSQL
 * process and of wrk, each core's busy time, and `countActiveQueries()`. The window ends at the
 * last sample taken while every wrk was still alive, so the numbers cover the load only.
 * @param {{ appPids: number[], wrkPids: number[], countActiveQueries: () => Promise<number> }} options
 * @returns {{ stop: () => Promise<Usage> }}
 */
export function watchResources({ appPids, wrkPids, countActiveQueries }) {
  /** @returns {Map<number, number>} */
  const pgCpu = () => pidsNamed("postgres").reduce((m, pid) => m.set(pid, cpuSeconds(pid)), new Map());
  const snap = () => ({
    at: performance.now(),
    app: appPids.map(cpuSeconds),
    wrk: wrkPids.map(cpuSeconds),
    pg: pgCpu(),
    cores: coreTimes(),
  });
  const alive = () => wrkPids.every((pid) => fs.existsSync(`/proc/${pid}`));
  const first = snap();
  let last = first;
  /** @type {number[]} */
  const active = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, 500));
      // A sample counts only if every wrk was alive before and after it (a finished one reads 0).
      if (stopped || !alive()) break;
      const now = snap();
      if (!alive()) break;
      last = now;
      active.push(await countActiveQueries());
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const seconds = (last.at - first.at) / 1000;
      const pct = (/** @type {number} */ cpu) => (seconds > 0 ? (100 * cpu) / seconds : 0);
      let pgSeconds = 0;
      for (const [pid, s] of last.pg) pgSeconds += s - (first.pg.get(pid) ?? 0);
      return {
        app: last.app.map((s, i) => pct(s - (first.app[i] ?? 0))),
        wrk: last.wrk.reduce((sum, s, i) => sum + pct(s - (first.wrk[i] ?? 0)), 0),
        postgres: pct(pgSeconds),
        cores: last.cores.map((c, i) => {
          const f = first.cores[i] ?? { busy: 0, total: 0 };
          return (100 * (c.busy - f.busy)) / Math.max(1, c.total - f.total);
        }),
        steal: last.cores.map((c, i) => {
          const f = first.cores[i] ?? { steal: 0, total: 0 };
          return (100 * (c.steal - f.steal)) / Math.max(1, c.total - f.total);
        }),
        activeQueries: active.length ? active.reduce((s, n) => s + n, 0) / active.length : 0,
      };
    },
  };
}
