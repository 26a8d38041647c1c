import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "~/lib/dashboards";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import type { DashboardsTable } from "../db/types";
import { browseDashboards, findPublicDashboard, listPublicDashboards, openPublicDashboard } from "./dashboards.service";

const meta = { ip: "203.0.113.7", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] public dashboards`, () => {
    let t: TestApp;
    let clock: Date;
    beforeEach(async () => {
      clock = new Date("2026-02-01T00:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
    });
    afterEach(async () => t.cleanup());

    // Dashboards are written by the admin side (another module); the test inserts rows as it would.
    async function insert(fields: Partial<Insertable<DashboardsTable>> & { title: string }): Promise<string> {
      const id = randomUUID();
      await t.ctx.db.kysely
        .insertInto("dashboards")
        .values({
          id,
          provider: "EXTERNAL",
          type: "other",
          is_public: 1,
          display_order: 0,
          created_at: clock.toISOString(),
          updated_at: clock.toISOString(),
          ...fields,
        })
        .execute();
      return id;
    }

    it("lists only public dashboards, by display order then title, with safe URLs only", async () => {
      await insert({ title: "Zeta", display_order: 1, embed_url: "https://z.example.org/e" });
      await insert({ title: "Alpha", display_order: 1 });
      const first = await insert({
        title: "Monitoring",
        display_order: 0,
        type: "site_monitoring",
        thumbnail_url: "https://img.example.org/t.png",
      });
      const hidden = await insert({ title: "Internal draft", display_order: 0, is_public: 0, embed_url: "https://secret.example.org/e" });
      await insert({ title: "Bad thumbnail", display_order: 5, thumbnail_url: "javascript:alert(1)", category: "catchment" });

      const list = await listPublicDashboards(t.ctx);
      expect(list.map((d) => d.title)).toEqual(["Monitoring", "Alpha", "Zeta", "Bad thumbnail"]);
      expect(list[0]).toMatchObject({ id: first, category: "monitoring", thumbnail_url: "https://img.example.org/t.png" });
      expect(list[3]).toMatchObject({ category: "catchment", thumbnail_url: null });
      expect(JSON.stringify(list)).not.toContain("secret");
      expect(await findPublicDashboard(t.ctx, hidden)).toBeNull();
      expect(await findPublicDashboard(t.ctx, randomUUID())).toBeNull();
      expect(await findPublicDashboard(t.ctx, "not-a-uuid")).toBeNull();

      const browse = await browseDashboards(t.ctx, { ...DEFAULT_QUERY, q: "ZET" });
      expect(browse.dashboards.map((d) => d.title)).toEqual(["Zeta"]);
      expect(browse.total).toBe(4);
      expect(browse.providers).toEqual(["EXTERNAL"]);
    });

    it("treats embed URLs that are not https as no URL", async () => {
      const bad = ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "http://plain.example.org/e"];
      for (const [i, url] of bad.entries()) {
        const id = await insert({ title: `Bad ${i}`, embed_url: url, url });
        expect(await findPublicDashboard(t.ctx, id)).toMatchObject({ embed_url: null, open_url: null });
      }
      const good = await insert({ title: "Good", embed_url: "https://dash.example.org/x?embed=true", url: "https://dash.example.org/x" });
      expect(await findPublicDashboard(t.ctx, good)).toMatchObject({
        embed_url: "https://dash.example.org/x?embed=true",
        open_url: "https://dash.example.org/x",
      });
      const embedOnly = await insert({ title: "Embed only", embed_url: "https://dash.example.org/y" });
      expect(await findPublicDashboard(t.ctx, embedOnly)).toMatchObject({ open_url: "https://dash.example.org/y" });
    });

    it("records a VIEW activity with the spec's details when a dashboard is opened", async () => {
      const id = await insert({ title: "New Arrivals Tracker", provider: "TABLEAU", embed_url: "https://t.example.org/e" });
      const hidden = await insert({ title: "Hidden", is_public: 0 });

      expect(await openPublicDashboard(t.ctx, id, { record: true, meta })).toMatchObject({ id, title: "New Arrivals Tracker" });
      expect(await openPublicDashboard(t.ctx, id, { record: false, meta })).not.toBeNull();
      expect(await openPublicDashboard(t.ctx, hidden, { record: true, meta })).toBeNull();

      const views = await activityByAction(t.ctx, "VIEW");
      expect(views).toHaveLength(1);
      expect(views[0]).toMatchObject({
        entity_type: "DASHBOARD",
        entity_id: id,
        user_id: null,
        ip_address: "203.0.113.7",
        user_agent: "vitest",
        created_at: clock.toISOString(),
      });
      expect(JSON.parse(views[0]!.details)).toEqual({ title: "New Arrivals Tracker", provider: "TABLEAU", source: "dashboards_page" });
    });
  });
}
