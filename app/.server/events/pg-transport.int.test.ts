import { sql } from "kysely";
import pg from "pg";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AppContext, closeAppContext, openAppContext } from "~/.server/context";
import { checkHealth } from "~/.server/health";
import { DEFAULT_SETTINGS } from "~/lib/site-settings";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { readSiteSettings, saveSiteSettings } from "../settings/settings.service";
import { createUser } from "../users/users.service";
import type { PortalEvent, SequencedEvent } from "./bus";
import { eventStreamResponse } from "./sse";

const published = (id: string): PortalEvent => ({
  type: "document.published",
  audience: "public",
  data: { id, title: `Report ${id}`, category: "Report" },
});

/** Resolves with the first event matching `match` that `ctx` delivers, or rejects after `ms`. */
function nextEvent(ctx: AppContext, match: (e: SequencedEvent) => boolean, ms = 2_000): Promise<SequencedEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no matching event within ${ms} ms`));
    }, ms);
    const unsubscribe = ctx.events.subscribe({
      onEvent: (e) => {
        if (!match(e)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(e);
      },
    });
  });
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function eventually(check: () => Promise<void>, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Runs one statement on TEST_DATABASE_URL's own database (to change the test database from outside). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** What a database restart does to the instances: every LISTEN connection is cut by the server. */
async function cutListeners(ctx: AppContext): Promise<number> {
  const { rows } = await sql<{ cut: boolean }>`
    select pg_terminate_backend(pid) as cut from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`.execute(ctx.db.kysely);
  return rows.filter((r) => r.cut).length;
}

for (const engine of testEngines()) {
  describe(`[${engine}] live events across instances`, () => {
    let a: TestApp;
    let b: AppContext;

    beforeEach(async () => {
      a = await createTestApp(engine);
      // A second instance: its own context (pool, listener, bus) on the same database.
      b = await openAppContext({ config: a.ctx.config, log: pino({ level: "silent" }) });
    });

    afterEach(async () => {
      await closeAppContext(b);
      await a.cleanup();
    });

    if (engine === "sqlite") {
      it("is in-process: one SQLite installation is one instance", async () => {
        expect(a.ctx.events.mode).toEqual({ transport: "in-process", listening: true });
        expect((await checkHealth(a.ctx, { activeProbes: true })).events).toBe("ok (in-process)");
      });
      return;
    }

    it("delivers an event published on A to B within a second, under A's id, once", async () => {
      const onB = nextEvent(b, (e) => e.event.type === "document.published");
      const onA: SequencedEvent[] = [];
      a.ctx.events.subscribe({ onEvent: (e) => onA.push(e) });
      const started = performance.now();
      a.ctx.events.publish(published("d1"));
      const received = await onB;
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(received.event).toEqual(published("d1"));
      expect(received.id).toBe(onA[0]?.id);
      // A delivered it at once and drops its own echo.
      await b.events.probe(2_000);
      await a.ctx.events.probe(2_000);
      expect(onA.map((e) => e.id)).toEqual([received.id]);
    });

    it("lets a browser resume on B from an id it got on A", async () => {
      const idsOnA: string[] = [];
      a.ctx.events.subscribe({ onEvent: (e) => idsOnA.push(e.id) });
      const last = nextEvent(b, (e) => e.event.type === "document.published" && e.event.data.id === "d3");
      for (const id of ["d1", "d2", "d3"]) a.ctx.events.publish(published(id));
      await last;
      expect(b.events.since(idsOnA[0]!).map((e) => e.id)).toEqual(idsOnA.slice(1));
    });

    it("streams A's public events to an anonymous browser on B, and staff events only to staff", async () => {
      const abort = new AbortController();
      const response = eventStreamResponse(b.events, { staff: false, signal: abort.signal });
      const reader = response.body!.getReader();
      a.ctx.events.publish({ type: "document.changed", audience: "staff", data: { id: "secret-draft" } });
      a.ctx.events.publish(published("public-one"));
      let text = "";
      const decoder = new TextDecoder();
      while (!text.includes("public-one")) text += decoder.decode((await reader.read()).value, { stream: true });
      abort.abort();
      expect(text).toContain('"title":"Report public-one"');
      expect(text).not.toContain("secret-draft");
    });

    it("reconnects after the database cuts the listening connections, and events flow again", async () => {
      expect(b.events.mode).toEqual({ transport: "postgres", listening: true });
      // The database refuses new connections for a while, as during a restart (set from another database).
      const name = new URL((a.ctx.config.database as { url: string }).url).pathname.slice(1);
      await onServer(`alter database ${name} with allow_connections false`);
      try {
        expect(await cutListeners(a.ctx)).toBe(2);
        await until(() => !b.events.mode.listening, 2_000);
        await new Promise((r) => setTimeout(r, 600)); // a few reconnect attempts fail
        const health = await checkHealth(b, { activeProbes: false });
        expect(health).toMatchObject({ status: "error", events: "error: not listening (postgres); reconnecting" });
      } finally {
        await onServer(`alter database ${name} with allow_connections true`);
      }
      await until(() => a.ctx.events.mode.listening && b.events.mode.listening, 8_000);
      const onB = nextEvent(b, (e) => e.event.type === "document.published");
      a.ctx.events.publish(published("after-restart"));
      expect((await onB).event).toEqual(published("after-restart"));
      expect((await checkHealth(b, { activeProbes: false })).events).toBe("ok (postgres)");
    });

    it("drops B's cached site settings when A saves new ones, before the cache would expire", async () => {
      const admin = await createUser(a.ctx, { email: "admin@example.org", password: "admin-pass", role: "admin" });
      expect((await readSiteSettings(b)).siteName).toBe(DEFAULT_SETTINGS.siteName); // cached on B now
      const changed = nextEvent(b, (e) => e.event.type === "settings.changed");
      await saveSiteSettings(a.ctx, { ...DEFAULT_SETTINGS, siteName: "CCCM Somalia (renamed)" }, admin);
      await changed;
      expect((await readSiteSettings(b)).siteName).toBe("CCCM Somalia (renamed)");
    });

    it("reports a round trip through PostgreSQL in the CLI check", async () => {
      expect((await checkHealth(b, { activeProbes: true })).events).toMatch(/^ok \(postgres, round trip \d+ ms\)$/);
    });

    it("closes its listening connection when the instance stops", async () => {
      const listeners = async () =>
        (
          await sql<{
            n: string;
          }>`select count(*) as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`.execute(
            a.ctx.db.kysely,
          )
        ).rows[0]?.n;
      expect(Number(await listeners())).toBe(2);
      await closeAppContext(b);
      await eventually(async () => expect(Number(await listeners())).toBe(1));
      b = await openAppContext({ config: a.ctx.config, log: pino({ level: "silent" }) });
    });
  });
}
