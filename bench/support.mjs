// @ts-check
/** Helpers shared by the benchmarks: start the production server, sign in, read memory and CPU time. */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const launcher = path.join(root, "bin", "portal.mjs");

export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
}

export function ensureBuild() {
  const r = spawnSync(process.execPath, [launcher, "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("build failed");
}

/**
 * A private copy of the current build, for benchmarks that start several processes over minutes:
 * the launcher rebuilds whenever a source file changes, and the tree may change while they run.
 * Its node_modules is a link to the project's, so the bundle's packages resolve as usual.
 * @returns {{ dir: string, bundle: string, remove: () => void }}
 */
export function snapshotBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-build-"));
  fs.cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return {
    dir,
    bundle: path.join(dir, "build", "server", "index.js"),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Runs one `portal` command inside a server bundle, as the launcher does (argv: bundle, command,
 * args), NODE_ENV included: React picks its build when first loaded, and left unset it renders
 * with its development build (measured: page times twice as long, and far more garbage).
 */
const bundleRunner = `process.env.NODE_ENV ??= "production";
const [bundle, command, ...args] = process.argv.slice(1);
const { runCli } = await import(bundle);
process.exitCode = await runCli(command, args);`;

/**
 * The argv of a `portal` command: through the launcher, or straight into a snapshot's bundle;
 * pinned to one CPU core with taskset when `cpu` is given.
 * @param {string} command @param {string[]} args @param {{ bundle?: string, cpu?: number }} [options]
 */
export function portalArgv(command, args, options = {}) {
  const node = options.bundle
    ? [process.execPath, "--input-type=module", "-e", bundleRunner, options.bundle, command, ...args]
    : [process.execPath, launcher, command, ...args];
  return options.cpu === undefined ? node : ["taskset", "-c", String(options.cpu), ...node];
}

/**
 * Spawns `portal serve` on a free loopback port; resolves once /healthz is 200.
 * SQLite in `dataDir` unless `options.env` says otherwise (e.g. DATABASE_URL).
 * @param {string} dataDir
 * @param {{ env?: Record<string, string>, bundle?: string, cpu?: number }} [options]
 * @returns {Promise<{ url: string, pid: number, startedMs: number, output: () => string, stop: () => Promise<void> }>}
 */
export async function startServer(dataDir, options = {}) {
  const t0 = performance.now();
  const [cmd = "", ...argv] = portalArgv("serve", [], options);
  const child = spawn(cmd, argv, {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", DATABASE_URL: "", ...options.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout?.on("data", (c) => (out += c));
  const deadline = Date.now() + 30_000;
  /** @type {string | undefined} */
  let url;
  for (;;) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${out}`);
    }
    url ??= /portal listening on http:\/\/localhost:(\d+)/.exec(out)?.[1];
    if (url) {
      const res = await fetch(`http://127.0.0.1:${url}/healthz`).catch(() => null);
      if (res?.status === 200) break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const startedMs = performance.now() - t0;
  const exited = new Promise((r) => child.once("exit", r));
  return {
    url: `http://127.0.0.1:${url}`,
    // taskset execs the command, so this is the portal's own process.
    pid: /** @type {number} */ (child.pid),
    startedMs,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Creates an administrator with `portal admin:create` (the password on its standard input), in
 * the same environment and bundle the benchmark's server will use.
 * @param {string} dataDir @param {string} email @param {string} password
 * @param {{ env?: Record<string, string>, bundle?: string }} [options]
 */
export function createAdmin(dataDir, email, password, options = {}) {
  const [cmd = "", ...argv] = portalArgv("admin:create", ["--email", email], { bundle: options.bundle });
  const r = spawnSync(cmd, argv, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", ...options.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    input: `${password}\n`,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`admin:create failed:\n${r.stdout}${r.stderr}`);
}

/** Signs in through the real form; returns the Cookie header value. @param {string} url @param {string} email @param {string} password */
export async function signIn(url, email, password) {
  const res = await fetch(`${url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { Origin: url },
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("portal_session="));
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  const end = cookie.indexOf(";");
  return end === -1 ? cookie : cookie.slice(0, end);
}

/** VmRSS and VmHWM (peak) of a process, in MiB, from /proc. @param {number} pid */
export function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  /** @param {string} key */
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Resets the kernel's peak-RSS counter of a process (Linux: clear_refs 5). @param {number} pid */
export function resetPeak(pid) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** @param {Array<Record<string, string | number>>} rows */
export function printTable(rows) {
  const cols = Object.keys(rows[0] ?? {});
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (/** @type {string[]} */ cells) => `| ${cells.map((c, i) => c.padEnd(width[i] ?? 0)).join(" | ")} |`;
  console.log(line(cols));
  console.log(`|${width.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(cols.map((c) => String(r[c]))));
}

const clockTicks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU time (user + system, all threads) a process has used so far, in seconds; 0 once it is gone. @param {number} pid */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/** Ids of the running processes whose command name is `name` (e.g. every PostgreSQL backend). @param {string} name */
export function pidsNamed(name) {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, "utf8").trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Time of each CPU core so far, in clock ticks, from /proc/stat: busy (running anything), steal
 * (a virtual machine's core waiting for the host, which ran something else) and total.
 */
export function coreTimes() {
  return fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n")
    .filter((l) => /^cpu\d+ /.test(l))
    .map((l) => {
      const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = l.split(/\s+/).slice(1).map(Number);
      const total = user + nice + system + idle + iowait + irq + softirq + steal;
      return { busy: total - idle - iowait - steal, steal, total };
    });
}

/**
 * Imports TypeScript sources of the project (test file generators, modules measured outside the
 * build): bundled with esbuild into node_modules/.cache, packages left to node_modules.
 * @param {string[]} files paths relative to the project root
 * @returns {Promise<Record<string, any>>} everything they export
 */
export async function importSources(files) {
  const esbuild = await import("esbuild");
  const dir = path.join(root, "node_modules", ".cache", "portal-bench");
  fs.mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `sources-${process.pid}.mjs`);
  await esbuild.build({
    stdin: {
      contents: files.map((f) => `export * from ${JSON.stringify(path.join(root, f))};`).join("\n"),
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    outfile,
    logLevel: "warning",
  });
  try {
    return await import(outfile);
  } finally {
    fs.rmSync(outfile, { force: true });
  }
}

/**
 * Clean-up for a benchmark that starts servers, databases and folders: `add` registers a step;
 * `run` runs them once, newest first, whatever happens (normal end, failure, Ctrl-C, SIGTERM, or
 * no result after `limitMs`, which also ends the process). Wrap the benchmark's body in `guard`.
 * @param {string} name what error lines start with @param {number} limitMs
 */
export function cleanupRegistry(name, limitMs) {
  /** @type {Array<() => unknown>} */
  const steps = [];
  /** @type {Promise<void> | undefined} */
  let running;
  let stopReason = "";
  const run = () => {
    running ??= (async () => {
      for (const step of steps.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error(`${name}: clean-up step failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return running;
  };
  /** @param {string} reason @param {number} code */
  const stopEarly = (reason, code) => {
    if (stopReason) return;
    stopReason = reason;
    console.error(`\n${name}: ${reason}: stopping and cleaning up`);
    void run().finally(() => process.exit(code));
  };
  process.once("SIGINT", () => stopEarly("SIGINT", 130));
  process.once("SIGTERM", () => stopEarly("SIGTERM", 143));
  setTimeout(() => stopEarly(`no result after ${Math.round(limitMs / 60_000)} minutes`, 1), limitMs).unref();
  return {
    /** @param {() => unknown} step */
    add: (step) => void steps.push(step),
    run,
    /** Runs `main`, then the clean-up; a failure sets exit code 1. @param {() => Promise<unknown>} main */
    async guard(main) {
      try {
        await main();
      } catch (error) {
        // After a signal, the failures of the work it cut short are expected: say nothing more.
        if (!stopReason) console.error(error);
        process.exitCode = 1;
      } finally {
        await run();
      }
    },
  };
}
