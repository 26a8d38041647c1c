import { spawnSync } from "node:child_process";
import path from "node:path";
import { s3rverEnv } from "../../support/s3rver";
import { createDatabase, databaseUrl, dropDatabase, newDatabaseName, TEST_DATABASE_URL_HELP, testDatabaseUrl } from "./postgres";
import { createBucket, newBucketName } from "./s3-server";

/**
 * Which database and file storage the test portals run on. By default SQLite and local files in
 * each portal's DATA_DIR. With E2E_ENGINE=postgres (run.mjs's second pass) every portal gets its
 * own PostgreSQL database (next to TEST_DATABASE_URL's) and its own bucket on the S3-compatible
 * server the global setup started (E2E_S3_ENDPOINT), so the same specs prove both set-ups.
 */
export type E2EEngine = "sqlite" | "postgres";

export function e2eEngine(): E2EEngine {
  const value = process.env.E2E_ENGINE || "sqlite";
  if (value !== "sqlite" && value !== "postgres") throw new Error(`E2E_ENGINE must be "sqlite" or "postgres", not "${value}"`);
  return value;
}

/** What a portal's process is told about its database and storage (config.ts names). */
export type EngineEnv = Record<string, string>;

const provisioned = new Map<string, { env: EngineEnv; database: string }>();
const provisionScript = path.join(import.meta.dirname, "provision.mjs");

/**
 * The DATABASE_URL and S3_* settings of the portal on `dataDir`. On PostgreSQL the database and
 * bucket are created on first use and kept for that DATA_DIR, so a restarted portal, and the
 * `admin:create` run before it, see the same data. Synchronous, like `createAdmin`.
 */
export function engineEnv(dataDir: string): EngineEnv {
  // Empty settings select SQLite and local files even when the caller's environment names others.
  if (e2eEngine() === "sqlite") return { DATABASE_URL: "", S3_BUCKET: "" };
  const known = provisioned.get(dataDir);
  if (known) return known.env;
  const { base, endpoint } = postgresSettings();
  const database = newDatabaseName();
  const bucket = newBucketName();
  const result = spawnSync(process.execPath, [provisionScript, base, database, endpoint, bucket], { encoding: "utf8", timeout: 30_000 });
  if (result.status !== 0)
    throw new Error(`could not create database ${database} and bucket ${bucket}: ${result.stderr}${result.stdout}${result.error ?? ""}`);
  const env = { DATABASE_URL: databaseUrl(database), ...s3rverEnv(endpoint, bucket) };
  provisioned.set(dataDir, { env, database });
  return env;
}

/**
 * `engineEnv`'s provisioning, done in this process without blocking it: for the global setup, whose
 * process also runs the S3 server (a synchronous child would wait on a server that cannot answer).
 */
export async function provisionEngine(dataDir: string): Promise<void> {
  if (e2eEngine() === "sqlite" || provisioned.has(dataDir)) return;
  const { endpoint } = postgresSettings();
  const bucket = newBucketName();
  await createBucket(endpoint, bucket);
  const { name, url } = await createDatabase();
  provisioned.set(dataDir, { env: { DATABASE_URL: url, ...s3rverEnv(endpoint, bucket) }, database: name });
}

function postgresSettings(): { base: string; endpoint: string } {
  const base = testDatabaseUrl();
  if (!base) throw new Error(`E2E_ENGINE=postgres: ${TEST_DATABASE_URL_HELP}`);
  const endpoint = process.env.E2E_S3_ENDPOINT;
  if (!endpoint)
    throw new Error(
      "E2E_ENGINE=postgres: E2E_S3_ENDPOINT is not set; the global setup (tests/e2e/global-setup.ts) starts the S3 server and sets it",
    );
  return { base, endpoint };
}

/**
 * Drops the database created for `dataDir` (its bucket goes with the S3 server at the end of the
 * run). Portals that are never released are dropped by the global teardown.
 */
export async function releaseEngine(dataDir: string): Promise<void> {
  const known = provisioned.get(dataDir);
  if (!known) return;
  provisioned.delete(dataDir);
  await dropDatabase(known.database);
}
