import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { type RunningS3rver, startS3rver } from "../support/s3rver";
import { DEMO_TEMPLATE_VARIABLE, writeDemo } from "./support/demo-portal";
import { e2eEngine, provisionEngine } from "./support/engine";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./support/portal";
import { dropDatabasesStartingWith, runDatabasePrefix, TEST_DATABASE_URL_HELP, testDatabaseUrl } from "./support/postgres";

export const ADMIN = { email: "e2e-admin@example.org", password: "e2e-admin-password" };

/**
 * One shared portal (fresh data, one admin) for the specs that do not need their own. With
 * E2E_ENGINE=postgres it, and every portal a spec starts, runs on PostgreSQL and an S3-compatible
 * server started here (support/engine.ts). On SQLite, also the demo's data once, which each spec's
 * own demo portal copies (support/demo-portal.ts). Workers inherit the variables set here.
 */
export default async function globalSetup() {
  // Names this run's PostgreSQL databases, so the teardown drops whatever a crashed worker left.
  process.env.E2E_RUN_ID = randomBytes(4).toString("hex");
  const cleanups: Array<() => Promise<unknown>> = [];
  // Every cleanup runs, last started first, even when an earlier one fails.
  const teardown = async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => failures.push(error));
    if (failures.length) throw failures[0];
  };
  if (testDatabaseUrl()) cleanups.push(() => dropDatabasesStartingWith(runDatabasePrefix()));
  try {
    if (e2eEngine() === "postgres") {
      if (!testDatabaseUrl()) throw new Error(`E2E_ENGINE=postgres: ${TEST_DATABASE_URL_HELP}`);
      const s3: RunningS3rver = await startS3rver();
      cleanups.push(() => s3.stop());
      process.env.E2E_S3_ENDPOINT = s3.endpoint;
      console.log(`e2e: portals run on PostgreSQL (databases ${runDatabasePrefix()}*) and an S3-compatible server at ${s3.endpoint}`);
    }
    if (e2eEngine() === "sqlite") {
      const template = await tempDataDir();
      cleanups.push(() => fs.rm(template, { recursive: true, force: true }));
      writeDemo(template);
      process.env[DEMO_TEMPLATE_VARIABLE] = template;
    }
    const dataDir = await tempDataDir();
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    await provisionEngine(dataDir);
    createAdmin(dataDir, ADMIN.email, ADMIN.password);
    const portal: RunningPortal = await startPortal(dataDir);
    cleanups.push(() => portal.stop());
    process.env.PORTAL_URL = portal.url;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
