import type { Logger } from "pino";
import { type Config, getConfig } from "./config";
import { type Db, openDb } from "./db/client";
import { migrateToLatest } from "./db/migrate";
import { EventBus } from "./events/bus";
import { PostgresEventTransport } from "./events/pg-transport";
import { getLogger } from "./logger";
import { createStorage, type Storage } from "./storage";

/**
 * Everything a service needs, passed explicitly as its first argument so a
 * test can hand it a context on a temporary database. Routes use `app()`.
 */
export interface AppContext {
  config: Config;
  db: Db;
  storage: Storage;
  events: EventBus;
  log: Logger;
  /** Injected clock, so expiry rules are testable. */
  now: () => Date;
}

export interface OpenOptions {
  config: Config;
  log?: Logger;
  migrate?: boolean;
  now?: () => Date;
}

/** Opens the database and storage, applies pending migrations, and returns a context. */
export async function openAppContext(options: OpenOptions): Promise<AppContext> {
  const { config } = options;
  const log = options.log ?? getLogger();
  const db = openDb(config.database);
  const events = createEventBus(config, db, log);
  try {
    if (options.migrate !== false) await migrateToLatest(db.kysely, db.engine);
    await events.start();
  } catch (error) {
    await events.close();
    await db.close();
    throw error;
  }
  return {
    config,
    db,
    storage: createStorage({ dataDir: config.dataDir, s3: config.s3 }),
    events,
    log,
    now: options.now ?? (() => new Date()),
  };
}

/** In-process on SQLite (one instance); shared through LISTEN/NOTIFY on PostgreSQL (many instances). */
function createEventBus(config: Config, db: Db, log: Logger): EventBus {
  const onError = (error: unknown, message: string) => log.warn({ err: error }, message);
  if (config.database.kind !== "postgres") return new EventBus({ onError });
  const transport = new PostgresEventTransport({
    url: config.database.url,
    db: db.kysely,
    onLost: (error) => log.warn({ err: error }, "live events: lost the PostgreSQL LISTEN connection; reconnecting"),
    onReconnected: () => log.info("live events: listening on PostgreSQL again"),
  });
  return new EventBus({ transport, onError });
}

export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.events.close();
  await ctx.db.close();
}

let current: AppContext | undefined;

/** The process-wide context, set by the server or the CLI at start. */
export function app(): AppContext {
  if (!current) throw new Error("The app context is not started: call startApp() first.");
  return current;
}

export async function startApp(options?: Partial<OpenOptions>): Promise<AppContext> {
  current ??= await openAppContext({ config: getConfig(), ...options });
  return current;
}

export async function stopApp(): Promise<void> {
  if (!current) return;
  const ctx = current;
  current = undefined;
  await closeAppContext(ctx);
}
