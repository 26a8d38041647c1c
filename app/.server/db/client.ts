import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Config } from "../config";
import type { Database } from "./types";

export type Engine = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** Size of the database on disk, in bytes. */
  sizeBytes(): Promise<number>;
  close(): Promise<void>;
}

/** Opens the configured database (SQLite file by default, PostgreSQL with DATABASE_URL). */
export function openDb(database: Config["database"]): Db {
  return database.kind === "postgres" ? openPostgres(database.url) : openSqlite(database.file);
}

function openSqlite(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // Durability first: WAL with a full fsync at each commit; wait for a busy
  // writer rather than failing (a CLI command may run beside the server).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // A 64 MiB page cache (the default is 2 MiB): the lists' counts read indexes of hundreds of
  // thousands of entries at 100,000 documents.
  sqlite.pragma("cache_size = -65536");
  // Statistics for the query planner, which SQLite gathers only when asked: without them it may
  // drive a list from the wrong index. Bounded (analysis_limit), so opening stays quick at any size.
  sqlite.pragma("analysis_limit = 1000");
  sqlite.pragma("optimize = 0x10002");
  // And again now and then, as the documents grow (SQLite's advice for long-lived connections).
  const optimizer = setInterval(() => sqlite.pragma("optimize"), 60 * 60 * 1000);
  optimizer.unref();
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    kysely,
    engine: "sqlite",
    async sizeBytes() {
      return [file, `${file}-wal`].reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
    },
    async close() {
      clearInterval(optimizer);
      await kysely.destroy();
    },
  };
}

function openPostgres(url: string): Db {
  // No parallel query plans (decision 0018): the portal's statements are short and indexed, and at
  // 100,000 documents PostgreSQL's parallel plans for a list page (Gather Merge over a backward
  // index scan) took 50 to 120 ms where the plain plan takes 1 to 3 ms; on a small server the
  // workers also compete with the other requests for the same cores.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c max_parallel_workers_per_gather=0" });
  // An idle client losing its connection (e.g. a database restart) must not crash the process.
  pool.on("error", () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    engine: "postgres",
    async sizeBytes() {
      const { rows } = await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(kysely);
      return Number(rows[0]?.size ?? 0);
    },
    async close() {
      await kysely.destroy();
    },
  };
}
