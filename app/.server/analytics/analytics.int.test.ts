import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction, logActivity } from "../activity/activity.service";
import { recordDashboardView } from "../dashboards/dashboards.service";
import type { DocumentRow } from "../db/types";
import { countDownload, createDocument, recordDocumentView } from "../documents/documents.service";
import { analyticsReport } from "./analytics.service";

for (const engine of testEngines()) {
  describe(`[${engine}] admin analytics`, () => {
    let t: TestApp;
    let clock: Date;
    const at = (iso: string) => (clock = new Date(iso));

    async function doc(title: string, category: "Report" | "Guideline" | "Policy"): Promise<DocumentRow> {
      return createDocument(t.ctx, { title, description: null, category, tags: [], published: true, uploadedBy: null, file: null });
    }

    beforeEach(async () => {
      clock = new Date("2026-03-10T12:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
    });
    afterEach(async () => t.cleanup());

    it("counts a download as a DOCUMENT_DOWNLOADED row with the title, beside download_count", async () => {
      const report = await doc("Baidoa Site Monitoring", "Report");
      await countDownload(t.ctx, report.id);
      await countDownload(t.ctx, "no-such-document");
      const rows = await activityByAction(t.ctx, "DOCUMENT_DOWNLOADED");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ entity_type: "DOCUMENT", entity_id: report.id });
      expect(JSON.parse(rows[0]!.details)).toEqual({ title: "Baidoa Site Monitoring" });
      const after = await t.ctx.db.kysely
        .selectFrom("documents")
        .select("download_count")
        .where("id", "=", report.id)
        .executeTakeFirstOrThrow();
      expect(after.download_count).toBe(1);
    });

    it("gives views and downloads per day, top documents and dashboards, and per category, within the period", async () => {
      const report = await doc("Baidoa Site Monitoring", "Report");
      const guide = await doc("Site Management Guide", "Guideline");
      const policy = await doc("Eviction Policy", "Policy");
      const dashboard = { id: "dash-1", title: "New Arrivals Tracker", provider: "POWERBI" };
      await t.ctx.db.kysely
        .insertInto("dashboards")
        .values({
          id: dashboard.id,
          title: dashboard.title,
          type: "new_arrivals",
          provider: "POWERBI",
          is_public: 1,
          display_order: 0,
          created_at: clock.toISOString(),
          updated_at: clock.toISOString(),
        })
        .execute();

      // 40 days ago: outside a 30-day period, inside a 90-day one.
      at("2026-01-29T09:00:00.000Z");
      await recordDocumentView(t.ctx, policy);
      await countDownload(t.ctx, policy.id);
      // Three days ago: two views of the report, one of the guide, a download of the report.
      at("2026-03-07T08:00:00.000Z");
      await recordDocumentView(t.ctx, report);
      await recordDocumentView(t.ctx, report);
      await recordDocumentView(t.ctx, guide);
      await countDownload(t.ctx, report.id);
      // Today, just after midnight UTC: a view of each, two downloads of the guide, a dashboard view.
      at("2026-03-10T00:00:01.000Z");
      await recordDocumentView(t.ctx, report);
      await recordDocumentView(t.ctx, guide);
      await countDownload(t.ctx, guide.id);
      await countDownload(t.ctx, guide.id);
      await recordDashboardView(t.ctx, dashboard);
      // Noise that is neither a view nor a download.
      await logActivity(t.ctx, { action: "ADMIN_LOGIN_SUCCESS", entityType: "SECURITY", details: { email: "a@example.org" } });
      at("2026-03-10T23:59:00.000Z");

      const month = await analyticsReport(t.ctx, 30);
      expect(month.days).toHaveLength(30);
      expect(month.from).toBe("2026-02-09");
      expect(month.to).toBe("2026-03-10");
      expect(month.days.find((d) => d.day === "2026-03-07")).toEqual({
        day: "2026-03-07",
        documentViews: 3,
        dashboardViews: 0,
        downloads: 1,
      });
      expect(month.days.at(-1)).toEqual({ day: "2026-03-10", documentViews: 2, dashboardViews: 1, downloads: 2 });
      expect(month.days.filter((d) => d.documentViews + d.dashboardViews + d.downloads > 0)).toHaveLength(2);
      expect(month.totals).toEqual({ documentViews: 5, dashboardViews: 1, downloads: 3 });

      expect(month.topViewed.map((d) => [d.title, d.count])).toEqual([
        ["Baidoa Site Monitoring", 3],
        ["Site Management Guide", 2],
      ]);
      expect(month.topDownloaded.map((d) => [d.title, d.count, d.allTimeDownloads])).toEqual([
        ["Site Management Guide", 2, 2],
        ["Baidoa Site Monitoring", 1, 1],
      ]);
      expect(month.topViewed.find((d) => d.id === report.id)).toMatchObject({ allTimeViews: 3, category: "Report", published: true });
      expect(month.topDashboards).toEqual([{ id: "dash-1", title: "New Arrivals Tracker", provider: "POWERBI", count: 1 }]);
      expect(month.byCategory).toEqual([
        { category: "Report", views: 3, downloads: 1 },
        { category: "Guideline", views: 2, downloads: 2 },
      ]);

      const quarter = await analyticsReport(t.ctx, 90);
      expect(quarter.totals).toEqual({ documentViews: 6, dashboardViews: 1, downloads: 4 });
      expect(quarter.byCategory.map((c) => c.category)).toEqual(["Report", "Policy", "Guideline"]);
      expect((await analyticsReport(t.ctx, 7)).totals).toEqual({ documentViews: 5, dashboardViews: 1, downloads: 3 });
    });

    it("keeps counting a deleted document's past activity, without a title", async () => {
      const report = await doc("Short-lived report", "Report");
      await recordDocumentView(t.ctx, report);
      await t.ctx.db.kysely.deleteFrom("documents").where("id", "=", report.id).execute();
      const { topViewed, byCategory } = await analyticsReport(t.ctx, 7);
      expect(topViewed).toEqual([
        { id: report.id, title: null, category: null, published: false, count: 1, allTimeViews: null, allTimeDownloads: null },
      ]);
      expect(byCategory).toEqual([]);
    });
  });
}
