import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { publishedDocuments } from "../../../tests/support/lists";
import { activityByAction } from "../activity/activity.service";
import { createSession } from "../auth/sessions";
import type { UserRow } from "../db/types";
import { findDocument, findPublishedDocument } from "../documents/documents.service";
import type { PortalEvent } from "../events/bus";
import { createUser } from "../users/users.service";
import { checkPermissions, runSelfTest } from "./self-test";
import { createTestDocument, REMOVE_TEST_DOCUMENT, removeDueTestDocuments, TEST_DOCUMENT_TITLE } from "./test-document";

const meta = { ip: "203.0.113.5", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] admin test suite`, () => {
    let t: TestApp;
    let clock: Date;
    let admin: UserRow;
    let token: string;
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

    beforeEach(async () => {
      clock = new Date();
      t = await createTestApp(engine, { now: () => clock });
      admin = await createUser(t.ctx, { email: "chief@example.org", password: "chief-pass", role: "admin" });
      token = (await createSession(t.ctx, admin.id, meta)).token;
    });
    afterEach(async () => t.cleanup());

    const jobs = () => t.ctx.db.kysely.selectFrom("jobs").selectAll().where("kind", "=", REMOVE_TEST_DOCUMENT).execute();
    const testDocs = () => t.ctx.db.kysely.selectFrom("documents").selectAll().where("title", "=", TEST_DOCUMENT_TITLE).execute();

    it("passes every check on a healthy context, with an unpublished temporary document and a staff event", async () => {
      const events: PortalEvent[] = [];
      t.ctx.events.subscribe((e) => events.push(e));
      const run = await runSelfTest(t.ctx, { user: admin, sessionToken: token }, { meta });
      expect(run.results.map((r) => [r.id, r.ok])).toEqual([
        ["database", true],
        ["auth", true],
        ["permissions", true],
        ["storage", true],
        ["realtime", true],
        ["upload", true],
      ]);
      expect(run.results.find((r) => r.id === "database")?.message).toContain(engine === "postgres" ? "PostgreSQL" : "SQLite");
      // The database check rolled its row back.
      expect(await t.ctx.db.kysely.selectFrom("settings").select("key").where("key", "like", "selftest:%").execute()).toEqual([]);

      const [doc] = await testDocs();
      expect(doc).toMatchObject({ published: 0, category: "Other", mime_type: "text/plain", uploaded_by: admin.id });
      expect(await findPublishedDocument(t.ctx, doc!.id)).toBeNull();
      expect((await publishedDocuments(t.ctx)).map((d) => d.id)).not.toContain(doc!.id);
      expect(await t.ctx.storage.stat(doc!.file_path!)).toMatchObject({ size: doc!.size });
      // The change is announced to staff only: nothing about an unpublished document goes public.
      expect(events.filter((e) => e.type.startsWith("document."))).toEqual([
        { type: "document.changed", audience: "staff", data: { id: doc!.id } },
      ]);
      expect(events.some((e) => e.type === "test.ping" && e.audience === "staff")).toBe(true);
      expect(JSON.parse((await activityByAction(t.ctx, "TEST_SUITE_RUN"))[0]!.details)).toEqual({ passed: 6, failed: "none" });
    });

    it("removes the temporary document once 10 s have passed, file included, and only then", async () => {
      const { id } = await createTestDocument(t.ctx, admin);
      const [doc] = await testDocs();
      later(9_000);
      expect(await removeDueTestDocuments(t.ctx)).toBe(0);
      expect(await findDocument(t.ctx, id)).toBeDefined();
      later(1_000);
      expect(await removeDueTestDocuments(t.ctx)).toBe(1);
      expect(await findDocument(t.ctx, id)).toBeUndefined();
      expect(await t.ctx.storage.stat(doc!.file_path!)).toBeNull();
      expect(await jobs()).toEqual([]);
    });

    it("removes it on time by itself, with no sweep", async () => {
      clock = new Date();
      t.ctx.now = () => new Date();
      const { id } = await createTestDocument(t.ctx, admin, 300);
      expect(await findDocument(t.ctx, id)).toBeDefined();
      await expect.poll(() => findDocument(t.ctx, id), { timeout: 5_000, interval: 100 }).toBeUndefined();
      // The job's row goes a moment after the document: the runner closes a job once its handler returned.
      await expect.poll(() => jobs(), { timeout: 5_000, interval: 100 }).toEqual([]);
    });

    it("leaves nothing behind after a crash: the sweep of the next start removes it, even from a job a dead worker held", async () => {
      const { id } = await createTestDocument(t.ctx, admin);
      // A worker took the job and died before finishing.
      await t.ctx.db.kysely
        .updateTable("jobs")
        .set({ status: "running", locked_at: clock.toISOString(), locked_by: "dead", attempts: 1 })
        .execute();
      later(60_000);
      expect(await removeDueTestDocuments(t.ctx)).toBe(0);
      later(5 * 60_000);
      expect(await removeDueTestDocuments(t.ctx)).toBe(1);
      expect(await findDocument(t.ctx, id)).toBeUndefined();
    });

    it("reports a failing check with its message and still runs the others", async () => {
      t.ctx.events.close();
      const run = await runSelfTest(t.ctx, { user: admin, sessionToken: "not-a-session" });
      expect(run.results.find((r) => r.id === "realtime")).toMatchObject({ ok: false, message: "No event came back within 2 s" });
      expect(run.results.find((r) => r.id === "auth")).toMatchObject({ ok: false, message: "Your session could not be resolved" });
      expect(run.results.filter((r) => r.ok).map((r) => r.id)).toEqual(["database", "permissions", "storage", "upload"]);
    });
  });
}

describe("admin permissions check", () => {
  it("passes for admins and fails for editors and users", () => {
    expect(checkPermissions("admin")).toContain("Your role (admin) has admin access");
    expect(() => checkPermissions("editor")).toThrow("Your role (editor) does not have admin access");
    expect(() => checkPermissions("user")).toThrow("Your role (user) does not have admin access");
  });
});
