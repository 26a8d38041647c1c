import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { createInvitedAccount, listUsers } from "./users.service";

/** The Users table, one page at a time (issue 10): page size, a stable order, the exact total, a page past the end. */
for (const engine of testEngines()) {
  describe(`[${engine}] users, paged`, () => {
    let t: TestApp;
    let clock = new Date("2026-03-01T08:00:00.000Z");
    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => clock });
    });
    afterEach(async () => t.cleanup());

    it("gives 12 a page newest first, ties by id, every account once, and the last page for one past the end", async () => {
      const start = clock.getTime();
      for (let i = 0; i < 30; i++) {
        // Three accounts share each second: the order must not depend on the engine's whims.
        clock = new Date(start + Math.floor(i / 3) * 1000);
        await createInvitedAccount(t.ctx, { email: `person${String(i).padStart(2, "0")}@example.org`, role: "user" });
      }
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(await listUsers(t.ctx, { page, per: 12 }));
      expect(pages.map((p) => p.items.length)).toEqual([12, 12, 6]);
      expect(pages.map((p) => [p.total, p.page, p.per, p.pageCount])).toEqual([
        [30, 1, 12, 3],
        [30, 2, 12, 3],
        [30, 3, 12, 3],
      ]);
      const seen = pages.flatMap((p) => p.items);
      const expected = [...seen].sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
      expect(seen.map((u) => u.id)).toEqual(expected.map((u) => u.id));
      expect(new Set(seen.map((u) => u.id)).size).toBe(30);

      const past = await listUsers(t.ctx, { page: 99999999, per: 12 });
      expect(past).toMatchObject({ page: 3, pageCount: 3, total: 30 });
      expect(past.items.map((u) => u.id)).toEqual(pages[2]!.items.map((u) => u.id));
      // The default page: 50, so one page holds them all.
      expect(await listUsers(t.ctx)).toMatchObject({ total: 30, page: 1, per: 50, pageCount: 1 });
    });

    it("shows page 1 of none for an empty table", async () => {
      expect(await listUsers(t.ctx, { page: 4, per: 12 })).toEqual({ items: [], total: 0, page: 1, per: 12, pageCount: 1 });
    });
  });
}
