// @ts-check
/** Helpers shared by the benchmarks: start the production server, sign in, read memory. */
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
 * Spawns `portal serve` on a free loopback port; resolves once /healthz is 200.
 * @param {string} dataDir
 * @returns {Promise<{ url: string, pid: number, startedMs: number, stop: () => Promise<void> }>}
 */
export async function startServer(dataDir) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [launcher, "serve"], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout?.on("data", (c) => (out += c));
  const deadline = Date.now() + 30_000;
  /** @type {string | undefined} */
  let url;
  for (;;) {
    if (Date.now() > deadline) {
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
    pid: /** @type {number} */ (child.pid),
    startedMs,
    async stop() {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** @param {string} dataDir @param {string} email @param {string} password */
export function createAdmin(dataDir, email, password) {
  const r = spawnSync(process.execPath, [launcher, "admin:create", "--email", email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    input: `${password}\n`,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(r.stderr);
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
  return cookie.split(";")[0];
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
