import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Temporary PostgreSQL databases for browser tests, created next to TEST_DATABASE_URL's database
 * (the convention of tests/support/engines.ts: PostgreSQL only when that variable is set).
 * Every name starts with `portal_e2e_<run>_`, the run id the global setup picks, so its teardown
 * can drop whatever a crashed worker left behind.
 */
export const TEST_DATABASE_URL_HELP =
  "TEST_DATABASE_URL is not set: it names a PostgreSQL database the tests may create and drop databases next to, e.g. postgres://postgres@127.0.0.1:5432/test";

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

function requireBaseUrl(): string {
  const base = testDatabaseUrl();
  if (!base) throw new Error(TEST_DATABASE_URL_HELP);
  return base;
}

/** The prefix of this run's databases (the global setup sets E2E_RUN_ID for every worker). */
export function runDatabasePrefix(): string {
  process.env.E2E_RUN_ID ??= randomBytes(4).toString("hex");
  return `portal_e2e_${process.env.E2E_RUN_ID}_`;
}

/** A fresh database name of this run: lower-case letters, digits and underscores only, so it is safe in SQL. */
export function newDatabaseName(): string {
  return `${runDatabasePrefix()}${randomBytes(5).toString("hex")}`;
}

/** The URL of database `name` on TEST_DATABASE_URL's server. */
export function databaseUrl(name: string): string {
  const url = new URL(requireBaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: requireBaseUrl() });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export interface TempDatabase {
  name: string;
  url: string;
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

export async function createDatabase(): Promise<TempDatabase> {
  const name = newDatabaseName();
  await withAdmin((c) => c.query(`create database ${name}`));
  return { name, url: databaseUrl(name), drop: () => dropDatabase(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  if (!/^portal_e2e_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}: not a browser-test database`);
  await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
}

/** Drops every database whose name starts with `prefix` (a run's leftovers); returns their names. */
export async function dropDatabasesStartingWith(prefix: string): Promise<string[]> {
  if (!/^portal_e2e_[a-z0-9]+_$/.test(prefix)) throw new Error(`refusing to drop databases starting with ${prefix}`);
  const { rows } = await withAdmin((c) =>
    c.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [prefix]),
  );
  for (const { datname } of rows) await dropDatabase(datname);
  return rows.map((r) => r.datname);
}
