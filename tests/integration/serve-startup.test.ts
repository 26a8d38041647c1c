import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "~/.server/db/client";
import { createPostgresDatabase, testEngines } from "../support/engines";

/**
 * `portal serve` failing to start (ASVS hardening, item 17): the real command, as operators run
 * it. Each failure is one line on stderr and exit code 1; nothing is announced and no first-admin
 * link is made before the port is bound.
 */

const root = path.resolve(import.meta.dirname, "..", "..");
const portal = path.join(root, "bin", "portal.mjs");
const RUN_LIMIT_MS = 20_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `portal serve` with only the given settings, on loopback; killed (and failed) after RUN_LIMIT_MS. */
function serve(env: Record<string, string>, command = [portal, "serve"]): Promise<Run> {
  const base: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), NODE_ENV: "production" };
  const child = spawn(process.execPath, command, { cwd: root, env: { ...base, HOST: "127.0.0.1", ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk;
  });
  const limit = setTimeout(() => child.kill("SIGKILL"), RUN_LIMIT_MS);
  return new Promise((resolve) => {
    child.on("close", (code) => {
      clearTimeout(limit);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A free port of 127.0.0.1, held by a plain TCP server until `close`. */
async function occupiedPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const held = await occupiedPort();
  await held.close();
  return held.port;
}

function expectOneLineFailure(run: Run, line: RegExp | string) {
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  if (typeof line === "string") expect(lines[0]).toBe(line);
  else expect(lines[0]).toMatch(line);
  expect(run.stdout).not.toMatch(/listening/);
  expect(run.stdout + run.stderr).not.toMatch(/\/admin\/setup/);
}

async function setupTokens(database: Parameters<typeof openDb>[0]): Promise<number> {
  const db = openDb(database);
  try {
    const row = await db.kysely
      .selectFrom("one_time_tokens")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.close();
  }
}

let dataDir: string;
beforeAll(() => {
  // Built first, so the runs below are the start alone (a stale build would be rebuilt, with messages).
  const build = spawnSync(process.execPath, [portal, "build"], { cwd: root, stdio: "ignore" });
  expect(build.status).toBe(0);
}, 300_000);
afterEach(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});
const freshDataDir = async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-start-"));
  return dataDir;
};

for (const engine of testEngines()) {
  describe(`[${engine}] portal serve on a busy port`, () => {
    let pgDatabase: { url: string; drop: () => Promise<void> } | null = null;
    beforeAll(async () => {
      if (engine === "postgres") pgDatabase = await createPostgresDatabase();
    });
    afterAll(async () => pgDatabase?.drop());

    it("says the port is in use, in one line, exits 1 and makes no setup link", async () => {
      const held = await occupiedPort();
      try {
        const dir = await freshDataDir();
        const run = await serve({ PORT: String(held.port), DATA_DIR: dir, ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}) });
        expectOneLineFailure(run, `portal: port ${held.port} is already in use (another portal running?)`);
        const database = pgDatabase
          ? ({ kind: "postgres", url: pgDatabase.url } as const)
          : ({ kind: "sqlite", file: path.join(dir, "portal.db") } as const);
        expect(await setupTokens(database)).toBe(0);
      } finally {
        await held.close();
      }
    });
  });
}

describe("npm run dev on a busy port", () => {
  it("says the port is in use, in one line, and exits 1", async () => {
    const held = await occupiedPort();
    try {
      const run = await serve({ PORT: String(held.port), DATA_DIR: await freshDataDir(), NODE_ENV: "development" }, [
        path.join(root, "bin", "dev.mjs"),
      ]);
      expectOneLineFailure(run, `portal: port ${held.port} is already in use (another portal running?)`);
    } finally {
      await held.close();
    }
  });
});

describe("portal serve with a database it cannot reach", () => {
  it("says so in one line, without the password, and exits 1", async () => {
    const port = await closedPort();
    const run = await serve({
      PORT: String(await closedPort()),
      DATA_DIR: await freshDataDir(),
      DATABASE_URL: `postgres://portal:secret-pw@127.0.0.1:${port}/portal`,
    });
    expectOneLineFailure(run, new RegExp(`^portal: cannot open the database at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
    expect(run.stderr).not.toContain("secret-pw");
  });
});

describe("portal serve with a bucket it cannot reach", () => {
  it("says so in one line and exits 1", async () => {
    const run = await serve({
      PORT: String(await closedPort()),
      DATA_DIR: await freshDataDir(),
      S3_BUCKET: "portal-files",
      S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
      S3_ACCESS_KEY_ID: "portal",
      S3_SECRET_ACCESS_KEY: "portal-secret",
      S3_FORCE_PATH_STYLE: "true",
      // The AWS SDK's own notice about Node 20, printed by any use of S3, start or no start.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    });
    expectOneLineFailure(run, /^portal: cannot reach the file storage \(s3, ECONNREFUSED\): check the S3_ settings$/);
  });
});

// A DATA_DIR that cannot be written: below a file, which no user (root included, as on the CI
// machines, where a directory's mode would not stop it) can create a folder in.
describe("portal serve with a DATA_DIR it cannot write", () => {
  it("says so in one line and exits 1", async () => {
    const parent = await freshDataDir();
    const file = `${parent}/not-a-folder`;
    await fs.writeFile(file, "");
    const dir = `${file}/data`;
    const run = await serve({ PORT: String(await closedPort()), DATA_DIR: dir });
    expectOneLineFailure(run, `portal: cannot write to DATA_DIR ${dir} (ENOTDIR): check its owner and permissions`);
  });
});
