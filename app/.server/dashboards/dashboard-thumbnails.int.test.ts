import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DashboardFormFields, NEW_DASHBOARD_FIELDS } from "~/lib/dashboard-form";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { readAll } from "../storage/storage";
import { createUser } from "../users/users.service";
import { dashboardThumbnailFile } from "./dashboard-thumbnails";
import { createDashboard, deleteDashboard, findDashboard, updateDashboard } from "./dashboards.admin";
import { listPublicDashboards } from "./dashboards.service";

const image = (width: number, height: number, background = "#1d4ed8") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

for (const engine of testEngines()) {
  describe(`[${engine}] dashboard thumbnails`, () => {
    let t: TestApp;
    let editor: { id: string };
    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => new Date("2026-04-01T00:00:00.000Z") });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    const fields = (overrides: Partial<DashboardFormFields> = {}): DashboardFormFields => ({
      ...NEW_DASHBOARD_FIELDS,
      title: "New Arrivals Tracker",
      embed_url: "https://dashboards.example.org/embed/arrivals",
      ...overrides,
    });

    /** Every stored object (the local driver's temp folder aside). */
    async function storedKeys(): Promise<string[]> {
      const root = path.join(t.dataDir, "files");
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
        .filter((k) => !k.startsWith(".tmp"))
        .sort();
    }

    async function row(id: string) {
      return t.ctx.db.kysely.selectFrom("dashboards").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    }

    it("stores an upload as a WebP at most 800 px wide under an app-made key, and cards get its address and size", async () => {
      const outcome = await createDashboard(t.ctx, fields(), editor, { kind: "upload", bytes: await image(1600, 900) });
      if (!outcome.ok) throw new Error(outcome.message);
      const stored = await row(outcome.dashboard.id);
      expect(stored.thumbnail_key).toMatch(/^dashboard-thumbnails\/2026\/04\/\d+-[0-9a-f-]{36}\.webp$/);
      expect(await storedKeys()).toEqual([stored.thumbnail_key]);
      const bytes = await readAll(await t.ctx.storage.get(stored.thumbnail_key!));
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 800, height: 450 });
      expect(stored).toMatchObject({
        thumbnail_width: 800,
        thumbnail_height: 450,
        thumbnail_size: bytes.length,
        thumbnail_sha256: sha256(bytes),
      });

      const [card] = await listPublicDashboards(t.ctx);
      expect(card!.thumbnail).toEqual({
        src: `/api/dashboards/${outcome.dashboard.id}/thumbnail?v=${sha256(bytes).slice(0, 16)}`,
        width: 800,
        height: 450,
      });
      expect(outcome.dashboard.thumbnail).toEqual(card!.thumbnail);
    });

    it("replaces the thumbnail on edit (the old file is removed, the address changes), and removes it", async () => {
      const created = await createDashboard(t.ctx, fields(), editor, { kind: "upload", bytes: await image(400, 300) });
      if (!created.ok) throw new Error(created.message);
      const id = created.dashboard.id;
      const first = await row(id);

      const kept = await updateDashboard(t.ctx, id, fields({ title: "Renamed" }));
      expect(kept).toMatchObject({ ok: true, dashboard: { title: "Renamed", thumbnail: created.dashboard.thumbnail } });
      expect(await storedKeys()).toEqual([first.thumbnail_key]);

      const replaced = await updateDashboard(t.ctx, id, fields(), { kind: "upload", bytes: await image(300, 300, "#b91c1c") });
      if (!replaced.ok) throw new Error(replaced.message);
      const second = await row(id);
      expect(second.thumbnail_key).not.toBe(first.thumbnail_key);
      expect(second).toMatchObject({ thumbnail_width: 300, thumbnail_height: 300 });
      expect(replaced.dashboard.thumbnail?.src).not.toBe(created.dashboard.thumbnail?.src);
      expect(await storedKeys()).toEqual([second.thumbnail_key]);

      const removed = await updateDashboard(t.ctx, id, fields(), { kind: "remove" });
      expect(removed).toMatchObject({ ok: true, dashboard: { thumbnail: null } });
      expect(await row(id)).toMatchObject({
        thumbnail_key: null,
        thumbnail_width: null,
        thumbnail_height: null,
        thumbnail_size: null,
        thumbnail_sha256: null,
      });
      expect(await storedKeys()).toEqual([]);
      expect((await listPublicDashboards(t.ctx))[0]!.thumbnail).toBeNull();
    });

    it("refuses an image it cannot read or of too many pixels, storing nothing and writing no row", async () => {
      const broken = Buffer.concat([(await image(10, 10)).subarray(0, 40), Buffer.from("garbage")]);
      expect(await createDashboard(t.ctx, fields(), editor, { kind: "upload", bytes: broken })).toEqual({
        ok: false,
        status: 400,
        message: THUMBNAIL_MESSAGES.unreadable,
        field: "thumbnail",
      });
      // 8000 x 6000 is 48 megapixels: refused from its header, before decoding.
      const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#000" } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(await createDashboard(t.ctx, fields(), editor, { kind: "upload", bytes: huge })).toMatchObject({
        ok: false,
        message: THUMBNAIL_MESSAGES.tooManyPixels,
        field: "thumbnail",
      });
      expect(await t.ctx.db.kysely.selectFrom("dashboards").select("id").execute()).toEqual([]);
      expect(await storedKeys()).toEqual([]);
    });

    it("checks the form before converting or storing the image", async () => {
      const outcome = await createDashboard(t.ctx, fields({ embed_url: "" }), editor, { kind: "upload", bytes: await image(50, 50) });
      expect(outcome).toMatchObject({ ok: false, field: "embed_url" });
      expect(await storedKeys()).toEqual([]);
      expect(await updateDashboard(t.ctx, "no-such-id", fields(), { kind: "upload", bytes: await image(50, 50) })).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(await storedKeys()).toEqual([]);
    });

    it("removes the stored file when the row cannot be written", async () => {
      await sql`alter table dashboards rename to dashboards_elsewhere`.execute(t.ctx.db.kysely);
      await expect(createDashboard(t.ctx, fields(), editor, { kind: "upload", bytes: await image(50, 50) })).rejects.toThrow();
      expect(await storedKeys()).toEqual([]);
    });

    it("removes the thumbnail with its dashboard", async () => {
      const created = await createDashboard(t.ctx, fields(), editor, { kind: "upload", bytes: await image(50, 50) });
      if (!created.ok) throw new Error(created.message);
      await deleteDashboard(t.ctx, created.dashboard.id);
      expect(await storedKeys()).toEqual([]);
    });

    it("serves a thumbnail only where the visitor may see the dashboard", async () => {
      const open = await createDashboard(t.ctx, fields(), editor, { kind: "upload", bytes: await image(50, 50) });
      const hidden = await createDashboard(t.ctx, fields({ title: "Internal", is_public: false }), editor, {
        kind: "upload",
        bytes: await image(60, 60),
      });
      const bare = await createDashboard(t.ctx, fields({ title: "Bare" }), editor);
      if (!open.ok || !hidden.ok || !bare.ok) throw new Error("setup failed");
      const anonymous = { staff: false };
      const staff = { staff: true };

      const file = await dashboardThumbnailFile(t.ctx, open.dashboard.id, anonymous);
      const stored = await row(open.dashboard.id);
      expect(file).toEqual({
        key: stored.thumbnail_key,
        size: stored.thumbnail_size,
        sha256: stored.thumbnail_sha256,
        version: stored.thumbnail_sha256!.slice(0, 16),
        isPublic: true,
      });
      expect(await dashboardThumbnailFile(t.ctx, hidden.dashboard.id, anonymous)).toBeNull();
      expect(await dashboardThumbnailFile(t.ctx, hidden.dashboard.id, staff)).toMatchObject({ isPublic: false });
      expect(await dashboardThumbnailFile(t.ctx, bare.dashboard.id, staff)).toBeNull();
      expect(await dashboardThumbnailFile(t.ctx, "no-such-id", staff)).toBeNull();
      expect((await findDashboard(t.ctx, hidden.dashboard.id))?.thumbnail?.width).toBe(60);
    });
  });
}
