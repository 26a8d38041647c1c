import { Readable } from "node:stream";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, MAINTENANCE_MESSAGE, MAINTENANCE_TITLE } from "~/lib/site-settings";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { SESSION_COOKIE } from "../auth/guards";
import { createSession } from "../auth/sessions";
import { createDocument } from "../documents/documents.service";
import { signedFileUrl } from "../documents/signed-links";
import { saveSiteSettings } from "../settings/settings.service";
import { generateStorageKey } from "../storage";
import { createUser } from "../users/users.service";

/**
 * Maintenance mode over HTTP (ASVS hardening, item 15): every public answer is closed to visitors,
 * not only the pages' HTML: data requests, downloads, file links, thumbnails, the public JSON and
 * the event stream. Signed-in staff keep using all of it; /healthz and the admin portal stay open.
 */

const meta = { ip: "203.0.113.9", userAgent: "vitest" };
const TITLE = "Baidoa Coordination Minutes";

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] maintenance mode over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let staffCookie: string;
    let paths: string[];

    beforeAll(async () => {
      t = await createTestApp(engine);
      const admin = await createUser(t.ctx, { email: "admin@example.org", password: "admin-pass", role: "admin" });
      staffCookie = `${SESSION_COOKIE}=${(await createSession(t.ctx, admin.id, meta)).token}`;
      const key = generateStorageKey({ prefix: "documents", originalName: "minutes.txt" });
      const stored = await t.ctx.storage.put(key, Readable.from([Buffer.from("Camp coordination minutes\n")]));
      const doc = await createDocument(t.ctx, {
        title: TITLE,
        description: null,
        category: "Report",
        tags: [],
        published: true,
        uploadedBy: admin.id,
        file: { key, originalName: "minutes.txt", ext: "txt", mimeType: "text/plain", size: stored.size, sha256: stored.sha256 },
      });
      const signed = await signedFileUrl(t.ctx, { kind: "document", id: doc.id, version: stored.sha256 }, "attachment");
      // On before the routes' instance starts, so it reads the setting as a restarted instance would.
      await saveSiteSettings(t.ctx, { ...DEFAULT_SETTINGS, siteNameSo: "Xarunta CCCM", maintenanceMode: true }, admin, meta);
      http = await startHttpApp(vite, t.ctx);
      paths = [
        "/",
        "/documents",
        "/documents.data",
        "/_root.data",
        `/document/${doc.id}`,
        `/document/${doc.id}.data`,
        `/document/${doc.id}/text`,
        "/dashboards",
        "/api/public/documents",
        `/api/documents/${doc.id}/download`,
        `/api/document/${doc.id}/download/file`,
        signed,
        `/api/documents/${doc.id}/thumbnail`,
        "/api/events",
        // Crawlers too (decision 0032): a 503 tells them to come back later.
        "/robots.txt",
        "/sitemap.xml",
      ];
    });
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    it("answers visitors 503 with Retry-After and the maintenance text on every public surface, before any loader runs", async () => {
      for (const path of paths) {
        const res = await http.get(path);
        const body = await res.text();
        expect(res.status, path).toBe(503);
        expect(res.headers.get("retry-after"), path).toBe("300");
        expect(res.headers.get("cache-control"), path).toBe("no-store");
        // No page's data comes with the maintenance answer.
        expect(body, path).not.toContain(TITLE);
        if (!path.endsWith(".data")) expect(body, path).toContain(MAINTENANCE_TITLE);
      }
      // The maintenance page names the site in the reader's language.
      const somali = await http.get("/documents", { headers: { Cookie: "lang=so" } });
      expect(somali.status).toBe(503);
      expect(await somali.text()).toContain("Xarunta CCCM");
      expect(await (await http.get("/documents")).text()).not.toContain("Xarunta CCCM");
      const json = await http.get("/api/public/documents");
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await json.json()).toEqual({ error: MAINTENANCE_TITLE, message: MAINTENANCE_MESSAGE });
      // Share links, attachments and dashboard thumbnails too, whatever their token or id.
      const ids = [
        "/shared/document/some-token",
        "/shared/folder/some-token",
        "/api/attachments/some-id",
        "/api/dashboards/some-id/thumbnail",
      ];
      for (const path of ids) {
        expect((await http.get(path)).status, path).toBe(503);
      }
    });

    it("lets signed-in staff use every public surface, and keeps /healthz and the admin sign-in open", async () => {
      for (const path of paths) {
        // HEAD: the event stream's answer without holding it open.
        const res = await http.get(path, { method: path === "/api/events" ? "HEAD" : "GET", headers: { Cookie: staffCookie } });
        await res.arrayBuffer();
        // The file was never read, so it has no thumbnail.
        expect(res.status, path).toBe(path.endsWith("/thumbnail") ? 404 : 200);
      }
      const page = await http.get("/documents", { headers: { Cookie: staffCookie } });
      const html = await page.text();
      expect(html).toContain("Maintenance mode is on");
      expect(html).toContain(TITLE);
      expect((await http.get("/healthz")).status).toBe(200);
      expect((await http.get("/admin/login")).status).toBe(200);
      expect((await http.get("/admin/login.data")).status).toBe(200);
    });
  });
}
