import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DashboardFormFields, NEW_DASHBOARD_FIELDS } from "~/lib/dashboard-form";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import type { PortalEvent } from "../events/bus";
import { createUser } from "../users/users.service";
import { createDashboard, deleteDashboard, findDashboard, listAllDashboards, moveDashboard, updateDashboard } from "./dashboards.admin";
import { findPublicDashboard, listPublicDashboards } from "./dashboards.service";

for (const engine of testEngines()) {
  describe(`[${engine}] dashboards management`, () => {
    let t: TestApp;
    let editor: { id: string };
    let events: PortalEvent[];
    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => new Date("2026-04-01T00:00:00.000Z") });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      events = [];
      t.ctx.events.subscribe((e) => events.push(e));
    });
    afterEach(async () => t.cleanup());

    const fields = (overrides: Partial<DashboardFormFields> = {}): DashboardFormFields => ({
      ...NEW_DASHBOARD_FIELDS,
      title: "New Arrivals Tracker",
      embed_url: "https://dashboards.example.org/embed/arrivals",
      ...overrides,
    });

    async function create(overrides: Partial<DashboardFormFields> = {}): Promise<string> {
      const outcome = await createDashboard(t.ctx, fields(overrides), editor);
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.dashboard.id;
    }

    it("creates with the spec's defaults, trimming and nulling empty description and url", async () => {
      const outcome = await createDashboard(
        t.ctx,
        fields({ title: "  Arrivals  ", description: "   ", url: "  ", display_order: "" }),
        editor,
      );
      expect(outcome).toMatchObject({
        ok: true,
        dashboard: {
          title: "Arrivals",
          description: null,
          url: null,
          type: "other",
          provider: "EXTERNAL",
          is_public: true,
          display_order: 0,
        },
      });
      const id = outcome.ok ? outcome.dashboard.id : "";
      expect(await findPublicDashboard(t.ctx, id)).toMatchObject({
        category: "other",
        embed_url: "https://dashboards.example.org/embed/arrivals",
      });
      expect(events).toEqual([{ type: "dashboard.changed", audience: "public", data: { id } }]);
    });

    it("refuses missing fields, URLs that are not https and display orders that are not whole numbers from 0", async () => {
      const missing = "Missing information: Please fill in title and embed URL";
      const cases: Array<[Partial<DashboardFormFields>, string, string]> = [
        [{ title: " " }, missing, "title"],
        [{ embed_url: "" }, missing, "embed_url"],
        [{ embed_url: "javascript:alert(1)" }, "Invalid URL", "embed_url"],
        [{ embed_url: "data:text/html,<script>alert(1)</script>" }, "Invalid URL", "embed_url"],
        [{ embed_url: "http://dashboards.example.org/e" }, "Invalid URL", "embed_url"],
        [{ embed_url: "https://x;script-src/p" }, "Invalid URL", "embed_url"],
        [{ embed_url: "/relative/path" }, "Invalid URL", "embed_url"],
        [{ url: "http://dashboards.example.org/page" }, "Invalid URL", "url"],
        [{ url: "javascript:alert(1)" }, "Invalid URL", "url"],
        [{ display_order: "-1" }, "Invalid display order", "display_order"],
        [{ display_order: "1.5" }, "Invalid display order", "display_order"],
        [{ display_order: "two" }, "Invalid display order", "display_order"],
        [{ type: "secret" }, "Invalid choice", "type"],
        [{ provider: "YOUTUBE" }, "Invalid choice", "provider"],
      ];
      for (const [overrides, message, field] of cases) {
        const outcome = await createDashboard(t.ctx, fields(overrides), editor);
        expect(outcome, JSON.stringify(overrides)).toMatchObject({ ok: false, status: 400, field });
        if (!outcome.ok) expect(outcome.message.startsWith(message), outcome.message).toBe(true);
      }
      expect(await listAllDashboards(t.ctx)).toEqual([]);
      expect(events).toEqual([]);
    });

    it("updates with the same rules; making a dashboard private removes it from the public side", async () => {
      const id = await create({ type: "site_monitoring", provider: "POWERBI" });
      expect(await updateDashboard(t.ctx, id, fields({ embed_url: "http://plain.example.org" }))).toMatchObject({
        ok: false,
        field: "embed_url",
      });
      const outcome = await updateDashboard(
        t.ctx,
        id,
        fields({
          title: "Renamed",
          type: "facility_map",
          provider: "TABLEAU",
          url: "https://page.example.org/p",
          display_order: "7",
          embed_url: "https://other.example.org/e",
          is_public: false,
        }),
      );
      expect(outcome).toMatchObject({
        ok: true,
        dashboard: {
          title: "Renamed",
          type: "facility_map",
          provider: "TABLEAU",
          url: "https://page.example.org/p",
          display_order: 7,
          is_public: false,
        },
      });
      expect(await findPublicDashboard(t.ctx, id)).toBeNull();
      expect(events.at(-1)).toEqual({ type: "dashboard.changed", audience: "public", data: { id } });
      expect(await updateDashboard(t.ctx, randomUUID(), fields())).toMatchObject({ ok: false, status: 404 });
    });

    it("reorders by swapping display_order, numbering ties first, and deletes", async () => {
      const a = await create({ title: "A", display_order: "10" });
      const b = await create({ title: "B", display_order: "20" });
      const c = await create({ title: "C", display_order: "20" });
      const titles = async () => (await listAllDashboards(t.ctx)).map((d) => `${d.title}${d.display_order}`);

      expect(await moveDashboard(t.ctx, b, "up")).toBe(true);
      expect(await titles()).toEqual(["B10", "A20", "C20"]);
      expect(await moveDashboard(t.ctx, c, "up")).toBe(true);
      expect(await titles()).toEqual(["B0", "C1", "A2"]);
      expect(await moveDashboard(t.ctx, b, "up")).toBe(false);
      expect(await moveDashboard(t.ctx, a, "down")).toBe(false);
      expect(await moveDashboard(t.ctx, randomUUID(), "down")).toBe(false);
      expect((await listPublicDashboards(t.ctx)).map((d) => d.title)).toEqual(["B", "C", "A"]);

      events.length = 0;
      expect(await deleteDashboard(t.ctx, c)).toEqual({ title: "C" });
      expect(await findDashboard(t.ctx, c)).toBeNull();
      expect(await deleteDashboard(t.ctx, c)).toBeNull();
      expect(events).toEqual([{ type: "dashboard.changed", audience: "public", data: { id: c } }]);
      expect(await titles()).toEqual(["B0", "A2"]);
    });

    it("records who created, changed, moved and deleted each dashboard (the audit trail)", async () => {
      const meta = { ip: "127.0.0.1", userAgent: "vitest" };
      const created = await createDashboard(t.ctx, fields({ title: "Arrivals" }), editor, undefined, meta);
      const id = created.ok ? created.dashboard.id : "";
      const other = await create({ title: "Evictions" });
      await updateDashboard(t.ctx, id, fields({ title: "Arrivals 2026" }), undefined, editor, meta);
      await updateDashboard(t.ctx, randomUUID(), fields(), undefined, editor, meta);
      expect(await moveDashboard(t.ctx, other, "up", editor, meta)).toBe(true);
      await deleteDashboard(t.ctx, id, editor, meta);
      expect(await deleteDashboard(t.ctx, id, editor, meta)).toBeNull();

      const trail = async (action: "DASHBOARD_CREATED" | "DASHBOARD_UPDATED" | "DASHBOARD_MOVED" | "DASHBOARD_DELETED") =>
        (await activityByAction(t.ctx, action)).map((r) => ({
          id: r.entity_id,
          user: r.user_id,
          ip: r.ip_address,
          details: JSON.parse(r.details),
        }));
      const by = { user: editor.id };
      expect(await trail("DASHBOARD_CREATED")).toEqual(
        expect.arrayContaining([
          { ...by, id, ip: "127.0.0.1", details: { title: "Arrivals", provider: "EXTERNAL", public: true } },
          { ...by, id: other, ip: null, details: { title: "Evictions", provider: "EXTERNAL", public: true } },
        ]),
      );
      expect(await trail("DASHBOARD_UPDATED")).toEqual([
        { ...by, id, ip: "127.0.0.1", details: { title: "Arrivals 2026", changed: ["title"] } },
      ]);
      expect(await trail("DASHBOARD_MOVED")).toEqual([
        { ...by, id: other, ip: "127.0.0.1", details: { title: "Evictions", direction: "up" } },
      ]);
      expect(await trail("DASHBOARD_DELETED")).toEqual([{ ...by, id, ip: "127.0.0.1", details: { title: "Arrivals 2026", public: true } }]);
    });
  });
}
