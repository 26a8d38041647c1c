import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { MINUTE } from "../time";
import { logActivity, securityEvents } from "./activity.service";
import { activityLogPage } from "./logs";

/**
 * The Security events and System Logs tables (issue 10): `per` from 12 to 100 (50 by default), a
 * stable order, the exact total, and a page past the end showing the last page.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] security events and system logs, paged`, () => {
    let t: TestApp;
    let clock = new Date("2026-03-01T08:00:00.000Z");
    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => clock });
      const start = clock.getTime();
      for (let i = 0; i < 30; i++) {
        // Two events a minute: ties on the time are ordered by id.
        clock = new Date(start + Math.floor(i / 2) * MINUTE);
        await logActivity(t.ctx, { action: "LOGIN_FAILED", entityType: "SECURITY", details: { email: `e${i}@example.org` } });
        await logActivity(t.ctx, { action: "VIEW_DOCUMENT", entityType: "content", entityId: `d${i}` });
      }
    });
    afterEach(async () => t.cleanup());

    const security = { action: null, email: "", period: "all" as const };
    const logs = { action: null, entityType: null, email: "", period: "all" as const };

    it("pages security events 12 at a time, newest first, ties by id, and shows the last page past the end", async () => {
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(await securityEvents(t.ctx, { ...security, page, per: 12 }));
      expect(pages.map((p) => [p.events.length, p.total, p.page, p.per, p.pageCount])).toEqual([
        [12, 30, 1, 12, 3],
        [12, 30, 2, 12, 3],
        [6, 30, 3, 12, 3],
      ]);
      const rows = pages.flatMap((p) => p.events);
      const expected = [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1));
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(new Set(rows.map((r) => r.id)).size).toBe(30);
      const past = await securityEvents(t.ctx, { ...security, page: 99999999, per: 12 });
      expect(past).toMatchObject({ page: 3, pageCount: 3 });
      expect(past.events.map((e) => e.id)).toEqual(pages[2]!.events.map((e) => e.id));
      expect(await securityEvents(t.ctx, { ...security, page: 1 })).toMatchObject({ per: 50, pageCount: 1 });
      expect(await securityEvents(t.ctx, { ...security, page: Number.POSITIVE_INFINITY, per: 100000 })).toMatchObject({
        page: 1,
        per: 100,
      });
    });

    it("pages the system log the same way over every entry", async () => {
      const pages = [];
      for (let page = 1; page <= 5; page++) pages.push(await activityLogPage(t.ctx, { ...logs, page, per: 12 }));
      expect(pages.map((p) => p.entries.length)).toEqual([12, 12, 12, 12, 12]);
      expect(pages.every((p) => p.total === 60 && p.pageCount === 5 && p.per === 12)).toBe(true);
      expect(new Set(pages.flatMap((p) => p.entries.map((e) => e.id))).size).toBe(60);
      const times = pages.flatMap((p) => p.entries.map((e) => e.createdAt));
      expect(times).toEqual([...times].sort().reverse());
      const past = await activityLogPage(t.ctx, { ...logs, page: 99999999, per: 12 });
      expect(past).toMatchObject({ page: 5, pageCount: 5 });
      expect(past.entries.map((e) => e.id)).toEqual(pages[4]!.entries.map((e) => e.id));
      const filtered = await activityLogPage(t.ctx, { ...logs, action: "VIEW_DOCUMENT", page: 3, per: 12 });
      expect(filtered).toMatchObject({ total: 30, page: 3, pageCount: 3 });
      expect(filtered.entries).toHaveLength(6);
      expect(await activityLogPage(t.ctx, { ...logs, action: "NOTHING", page: 2 })).toEqual({
        entries: [],
        total: 0,
        page: 1,
        per: 50,
        pageCount: 1,
      });
    });
  });
}
