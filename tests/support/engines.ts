import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { parseConfig } from "~/.server/config";
import { type AppContext, closeAppContext, openAppContext } from "~/.server/context";

/**
 * The database engines an integration suite runs on: SQLite always, and
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Describe blocks are
 * named "[sqlite] ..." / "[postgres] ..." so the engine reporter can count them.
 */
export type TestEngine = "sqlite" | "postgres";

export function testEngines(): TestEngine[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestApp {
  ctx: AppContext;
  dataDir: string;
  /** Closes the context and removes the temporary directory and database. */
  cleanup(): Promise<void>;
}

/** A fresh, migrated app context on its own temporary SQLite file or PostgreSQL database. */
export async function createTestApp(
  engine: TestEngine,
  /** migrate: false leaves the database empty, for tests that apply migrations themselves. */
  options: { now?: () => Date; env?: Record<string, string>; migrate?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-test-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "test", ...options.env };
  let dropDatabase = async () => {};
  if (engine === "postgres") {
    const { url, drop } = await createPostgresDatabase();
    env.DATABASE_URL = url;
    dropDatabase = drop;
  }
  const ctx = await openAppContext({
    config: parseConfig(env),
    log: pino({ level: "silent" }),
    now: options.now,
    migrate: options.migrate,
  });
  const testApp: TestApp = {
    ctx,
    dataDir,
    async cleanup() {
      // A test may have reopened the context (a "restart"): close the current one.
      await closeAppContext(testApp.ctx);
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** Creates `portal_test_<random>` next to TEST_DATABASE_URL's database; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
