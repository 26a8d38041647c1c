import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AppContext, closeAppContext, openAppContext } from "~/.server/context";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { claimDueJobs, insertJob, type JobRow } from "./jobs.queries";

const NOW = "2026-03-01T10:00:00.000Z";
const STALE_BEFORE = "2026-03-01T09:55:00.000Z";

for (const engine of testEngines()) {
  describe(`[${engine}] claiming jobs from several instances`, () => {
    let a: TestApp;
    let b: AppContext;

    beforeEach(async () => {
      a = await createTestApp(engine);
      b = await openAppContext({ config: a.ctx.config, log: pino({ level: "silent" }) });
    });

    afterEach(async () => {
      await closeAppContext(b);
      await a.cleanup();
    });

    const claim = (ctx: AppContext, worker: string) =>
      claimDueJobs(ctx.db.kysely, ctx.db.engine, { kind: "k", now: NOW, staleBefore: STALE_BEFORE, worker, limit: 3 });

    it("gives every due job to exactly one of two instances claiming at the same time", async () => {
      const ids = Array.from({ length: 40 }, () => randomUUID());
      for (const id of ids)
        await insertJob(a.ctx.db.kysely, { id, kind: "k", payload: "{}", status: "queued", run_at: NOW, created_at: NOW });
      const taken: Record<"a" | "b", JobRow[]> = { a: [], b: [] };
      // Both instances keep claiming, concurrently, until the queue is empty.
      const drain = async (ctx: AppContext, worker: "a" | "b") => {
        for (;;) {
          const batch = await claim(ctx, worker);
          if (batch.length === 0) return;
          taken[worker].push(...batch);
        }
      };
      await Promise.all([drain(a.ctx, "a"), drain(b, "b"), drain(a.ctx, "a"), drain(b, "b")]);
      const all = [...taken.a, ...taken.b].map((j) => j.id);
      expect(new Set(all).size).toBe(all.length);
      expect(all.sort()).toEqual([...ids].sort());
      expect([...taken.a, ...taken.b].every((j) => j.status === "running" && j.attempts === 1 && j.locked_at === NOW)).toBe(true);
      expect(taken.a.every((j) => j.locked_by === "a") && taken.b.every((j) => j.locked_by === "b")).toBe(true);
    });

    it("takes only due queued jobs and running ones whose worker went silent", async () => {
      const rows: Array<Pick<JobRow, "id" | "status" | "run_at" | "locked_at">> = [
        { id: "due", status: "queued", run_at: NOW, locked_at: null },
        { id: "later", status: "queued", run_at: "2026-03-01T10:00:01.000Z", locked_at: null },
        { id: "busy", status: "running", run_at: NOW, locked_at: "2026-03-01T09:59:00.000Z" },
        { id: "abandoned", status: "running", run_at: NOW, locked_at: "2026-03-01T09:00:00.000Z" },
        { id: "failed", status: "failed", run_at: NOW, locked_at: null },
      ];
      for (const r of rows) await insertJob(a.ctx.db.kysely, { ...r, kind: "k", payload: "{}", created_at: NOW });
      await insertJob(a.ctx.db.kysely, { id: "other-kind", kind: "other", payload: "{}", status: "queued", run_at: NOW, created_at: NOW });
      const taken = (await claim(a.ctx, "a")).map((j) => j.id).sort();
      expect(taken).toEqual(["abandoned", "due"]);
      expect(await claim(b, "b")).toEqual([]);
    });
  });
}
