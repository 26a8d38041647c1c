import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type E2EEngine, engineEnv } from "./engine";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const launcher = path.join(root, "bin", "portal.mjs");

export interface RunningPortal {
  url: string;
  dataDir: string;
  /** SQLite and local files, or PostgreSQL and S3 (support/engine.ts). */
  engine: E2EEngine;
  /** The DATABASE_URL and S3_* settings it runs with ("" or absent: SQLite, local files). */
  settings: Record<string, string>;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then wait for a clean exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * The settings of a portal whose spec changes its database behind its back (SQL through
 * portalSql): nothing announces such a change, so the anonymous page cache would go on serving
 * what it kept (decision 0029). An installation changes its data only through the portal.
 */
export const WITHOUT_PAGE_CACHE: Record<string, string> = { PAGE_CACHE_SECONDS: "0" };

/** A fresh temporary data directory for one portal. */
export function tempDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), "portal-e2e-"));
}

/**
 * The database and storage settings of the portal on `dataDir`: the caller's when it names a
 * DATABASE_URL, else those of the run's engine (E2E_ENGINE, support/engine.ts).
 */
function storageSettings(dataDir: string, env: Record<string, string>): Record<string, string> {
  return env.DATABASE_URL !== undefined ? {} : engineEnv(dataDir);
}

const SETTING_NAMES = /^(DATABASE_URL|S3_[A-Z_]+)$/;

/**
 * Starts the production build (`portal serve`) on a free loopback port and
 * waits until /healthz answers 200. Bounded: gives up after 30 s.
 * With E2E_ENGINE=postgres it runs on its own PostgreSQL database and bucket,
 * unless `env` names a DATABASE_URL.
 */
export async function startPortal(dataDir: string, env: Record<string, string> = {}): Promise<RunningPortal> {
  const settings = { ...storageSettings(dataDir, env), ...env };
  const child: ChildProcess = spawn(process.execPath, [launcher, "serve"], {
    cwd: root,
    // Files are read only where a spec asks (READ_FILES=true): reading every demo file in the
    // background of every spec would take a core from the browser on these two-core machines.
    // Every browser of the run comes from 127.0.0.1 and a shared portal serves many specs: the cap
    // on anonymous live streams per address (50, for a field office) would refuse later pages'.
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      READ_FILES: "false",
      LIVE_STREAMS_PER_ADDRESS: "1000",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 30_000;
  let url: string | undefined;
  while (!url) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`portal did not start:\n${output}`);
    }
    url = /portal listening on (http:\/\/localhost:\d+)/.exec(output)?.[1]?.replace("localhost", "127.0.0.1");
    if (!url) await new Promise((r) => setTimeout(r, 50));
  }
  const health = await fetch(`${url}/healthz`);
  if (health.status !== 200) throw new Error(`healthz answered ${health.status}`);
  return {
    url,
    dataDir,
    engine: settings.DATABASE_URL ? "postgres" : "sqlite",
    settings: Object.fromEntries(Object.entries(settings).filter(([name]) => SETTING_NAMES.test(name))),
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * `portal admin:create` with the password on stdin, as an operator would script it; on the same
 * database as `startPortal(dataDir, env)` will use.
 */
export function createAdmin(dataDir: string, email: string, password: string, env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, [launcher, "admin:create", "--email", email, "--name", "E2E Admin"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...storageSettings(dataDir, env), ...env },
    input: `${password}\n`,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`admin:create failed: ${result.stderr}${result.stdout}`);
}
