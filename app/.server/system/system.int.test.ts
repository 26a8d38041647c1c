import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { logActivity } from "../activity/activity.service";
import { activityLogPage, LOGS_PAGE_SIZE, latestActivity, logFilterChoices } from "../activity/logs";
import { createSession } from "../auth/sessions";
import type { UserRow } from "../db/types";
import { createDocument } from "../documents/documents.service";
import { MINUTE } from "../time";
import { createUser } from "../users/users.service";
import { dashboardOverview, databaseOverview, PORTAL_VERSION } from "./system.service";

const meta = { ip: "203.0.113.5", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] dashboard, database page and system logs`, () => {
    let t: TestApp;
    let clock: Date;
    let admin: UserRow;
    let editor: UserRow;
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

    beforeEach(async () => {
      clock = new Date("2026-04-01T08:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      admin = await createUser(t.ctx, { email: "chief@example.org", password: "chief-pass", role: "admin" });
      editor = await createUser(t.ctx, { email: "ed@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    it("counts real users, documents and live sessions; reports health, the latest activity and the system status", async () => {
      await createSession(t.ctx, admin.id, meta);
      await createSession(t.ctx, editor.id, meta);
      const file = {
        key: "documents/2026/04/a.pdf",
        originalName: "a.pdf",
        ext: "pdf",
        mimeType: "application/pdf",
        size: 1_000,
        sha256: "0".repeat(64),
      };
      const doc = await createDocument(t.ctx, {
        title: "Draft",
        description: null,
        category: "Report",
        tags: [],
        published: false,
        uploadedBy: admin.id,
        file,
      });
      await t.ctx.db.kysely
        .insertInto("document_attachments")
        .values({
          id: "att-1",
          document_id: doc.id,
          label: "Annex",
          file_path: "documents/2026/04/b.pdf",
          file_size: 234,
          display_order: 0,
          created_at: clock.toISOString(),
        })
        .execute();
      for (let i = 0; i < 6; i++) {
        later(MINUTE);
        await logActivity(t.ctx, { action: "LOGIN_FAILED", entityType: "SECURITY", details: { email: `who${i}@example.org` }, meta });
      }

      const overview = await dashboardOverview(t.ctx, { admin: true });
      expect(overview.documents).toBe(1);
      expect(overview.admin).toMatchObject({ users: 2, activeSessions: 2, health: { healthy: true, problems: [] } });
      expect(overview.admin!.recent.map((e) => e.who)).toEqual([
        "who5@example.org",
        "who4@example.org",
        "who3@example.org",
        "who2@example.org",
        "who1@example.org",
      ]);
      expect(overview.admin!.status).toMatchObject({
        engine: engine === "postgres" ? "PostgreSQL" : "SQLite",
        storageBytes: 1_234,
        version: PORTAL_VERSION,
      });
      expect(overview.admin!.status.databaseBytes).toBeGreaterThan(0);
      expect(PORTAL_VERSION).toMatch(/^\d+\.\d+\.\d+/);

      later(61 * MINUTE);
      expect((await dashboardOverview(t.ctx, { admin: true })).admin!.activeSessions).toBe(0);
      expect(await dashboardOverview(t.ctx, { admin: false })).toEqual({ documents: 1, admin: null });
    });

    it("lists every table's rows and the applied migrations with their dates", async () => {
      const overview = await databaseOverview(t.ctx);
      expect(overview.tables.find((r) => r.name === "users")?.rows).toBe(2);
      expect(overview.tables.map((r) => r.name)).toContain("activity_logs");
      expect(overview.migrations.map((m) => m.name)).toEqual(["0001-initial", "0002-activity-user-index", "0004-document-facets"]);
      expect(overview.migrations.every((m) => m.appliedAt !== null)).toBe(true);
    });

    it("filters the activity log by action, entity type, e-mail and period, 50 a page, newest first", async () => {
      for (let i = 0; i < 60; i++) {
        later(MINUTE);
        await logActivity(t.ctx, { action: "VIEW_DOCUMENT", entityType: "content", entityId: `d${i}`, details: { title: `Doc ${i}` } });
      }
      later(MINUTE);
      await logActivity(t.ctx, {
        action: "SETTINGS_UPDATED",
        entityType: "SETTINGS",
        userId: admin.id,
        details: { changed: ["siteName"] },
      });
      later(MINUTE);
      await logActivity(t.ctx, { action: "LOGIN_FAILED", entityType: "SECURITY", details: { email: "Stranger_1@Example.org" } });
      later(MINUTE);
      await logActivity(t.ctx, { action: "LOGIN_FAILED", entityType: "SECURITY", details: { email: "stranger21@example.org" } });

      const all = { action: null, entityType: null, email: "", period: "all" as const, page: 1 };
      const first = await activityLogPage(t.ctx, all);
      expect(first).toMatchObject({ total: 63, page: 1, pageCount: 2 });
      expect(first.entries).toHaveLength(LOGS_PAGE_SIZE);
      expect(first.entries[0]).toMatchObject({ action: "LOGIN_FAILED", who: "stranger21@example.org" });
      expect((await activityLogPage(t.ctx, { ...all, page: 2 })).entries).toHaveLength(13);

      const views = await activityLogPage(t.ctx, { ...all, action: "VIEW_DOCUMENT", period: "24h" });
      expect(views.total).toBe(60);
      expect(views.entries[0]).toMatchObject({ entityType: "content", who: "Visitor", summary: "title: Doc 59" });
      expect((await activityLogPage(t.ctx, { ...all, entityType: "SETTINGS" })).entries).toEqual([
        expect.objectContaining({ action: "SETTINGS_UPDATED", who: "chief@example.org", summary: 'changed: ["siteName"]' }),
      ]);
      // By the acting account's e-mail, or the e-mail an event is about; LIKE wildcards are plain characters.
      expect((await activityLogPage(t.ctx, { ...all, email: "CHIEF@" })).total).toBe(1);
      expect((await activityLogPage(t.ctx, { ...all, email: "stranger_1" })).entries.map((e) => e.who)).toEqual(["Stranger_1@Example.org"]);

      later(25 * 60 * MINUTE);
      expect((await activityLogPage(t.ctx, { ...all, period: "24h" })).total).toBe(0);
      expect((await activityLogPage(t.ctx, { ...all, period: "7d" })).total).toBe(63);
      expect(await logFilterChoices(t.ctx)).toEqual({
        actions: ["LOGIN_FAILED", "SETTINGS_UPDATED", "VIEW_DOCUMENT"],
        entityTypes: ["SECURITY", "SETTINGS", "content"],
      });
      expect((await latestActivity(t.ctx, 5)).map((e) => e.action)).toEqual([
        "LOGIN_FAILED",
        "LOGIN_FAILED",
        "SETTINGS_UPDATED",
        "VIEW_DOCUMENT",
        "VIEW_DOCUMENT",
      ]);
    });
  });
}
