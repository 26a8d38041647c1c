import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Database } from "../db/types";
import type { EventTransport } from "./bus";

/** The one NOTIFY channel of an installation (each installation has its own database). */
export const EVENT_CHANNEL = "portal_events";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

export interface PgTransportOptions {
  /** The connection string of the listening connection (the same database as the pool). */
  url: string;
  /** The pool the NOTIFYs go through, so a publisher never waits for the listener's reconnect. */
  db: Kysely<Database>;
  onLost?: (error: unknown) => void;
  onReconnected?: () => void;
}

/**
 * Live events between instances through PostgreSQL LISTEN/NOTIFY: one dedicated connection
 * listens (a pooled connection would be handed to other queries and lose the LISTEN), and
 * NOTIFYs go through the pool. When the listening connection drops (a database restart, a
 * failover, an idle cut) it reconnects with backoff, up to every 5 s, until closed. NOTIFY is not
 * durable: events sent while an instance was not listening do not reach it; its browsers catch up
 * with their regular list refresh.
 */
export class PostgresEventTransport implements EventTransport {
  readonly name = "postgres";
  readonly #options: PgTransportOptions;
  #client: pg.Client | null = null;
  #receive: (message: string) => void = () => {};
  #retryMs = FIRST_RETRY_MS;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: PgTransportOptions) {
    this.#options = options;
  }

  get listening(): boolean {
    return this.#client !== null;
  }

  async start(receive: (message: string) => void): Promise<void> {
    this.#receive = receive;
    await this.#connect();
  }

  async send(message: string): Promise<void> {
    if (Buffer.byteLength(message) > MAX_PAYLOAD_BYTES)
      throw new Error(`A live event of ${Buffer.byteLength(message)} bytes is too large for NOTIFY`);
    await sql`select pg_notify(${EVENT_CHANNEL}, ${message})`.execute(this.#options.db);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    // keepAlive: a connection cut without a FIN (a NAT, a dead host) is noticed and replaced.
    const client = new pg.Client({ connectionString: this.#options.url, keepAlive: true });
    client.on("notification", (n) => {
      if (n.channel === EVENT_CHANNEL && n.payload) this.#receive(n.payload);
    });
    client.on("error", (error) => this.#lost(client, error));
    client.on("end", () => this.#lost(client, new Error("the listening connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#retryMs = FIRST_RETRY_MS;
  }

  #lost(client: pg.Client, error: unknown): void {
    if (this.#client !== client) return; // not the live connection (already replaced, or never finished connecting)
    this.#client = null;
    client.end().catch(() => {});
    if (this.#closed) return;
    this.#options.onLost?.(error);
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    this.#timer = setTimeout(() => {
      this.#connect()
        .then(() => {
          if (!this.#closed) this.#options.onReconnected?.();
        })
        .catch(() => {
          this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
          if (!this.#closed) this.#scheduleReconnect();
        });
    }, this.#retryMs);
    // Reconnecting must not keep a stopping process alive.
    this.#timer.unref();
  }
}
