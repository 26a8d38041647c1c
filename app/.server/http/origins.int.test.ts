import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { createSession } from "../auth/sessions";
import { createDocument } from "../documents/documents.service";
import { ensureShareToken } from "../shares/shares.service";
import { createUser } from "../users/users.service";

/**
 * Through the production Express app and React Router (issue: ASVS hardening, items 6 to 8):
 * every state-changing request is checked for its origin in one place, resource routes included;
 * the side menu's toggle goes back to local paths only; absolute links never take a client's
 * X-Forwarded-Host (the test's requests come from 127.0.0.1, a trusted proxy address).
 */

const EVIL = "https://evil.example";
const PUBLIC_URL = "https://portal.example.org";

/** The side menu's `redirectTo` values that would leave the site. */
const HOSTILE_TARGETS = [
  "//evil.example",
  "/\\evil.example",
  "/%09/evil.example",
  "/%5C/evil.example",
  "/\t/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

interface Seeded {
  cookie: string;
  documentId: string;
  shareToken: string;
}

async function seed(t: TestApp): Promise<Seeded> {
  const admin = await createUser(t.ctx, { email: "chief@example.org", password: "chief-pass", role: "admin" });
  const { token } = await createSession(t.ctx, admin.id, { ip: "127.0.0.1", userAgent: "vitest" });
  const doc = await createDocument(t.ctx, {
    title: "Baidoa site verification",
    description: null,
    category: "Report",
    tags: [],
    published: true,
    folderId: null,
    uploadedBy: admin.id,
    file: null,
  });
  const share = await ensureShareToken(t.ctx, "document", doc.id, admin);
  if (!share.ok) throw new Error("no share token");
  return { cookie: `portal_session=${token}`, documentId: doc.id, shareToken: share.token };
}

for (const engine of testEngines()) {
  describe(`[${engine}] one origin check and local redirects over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let seeded: Seeded;

    beforeAll(async () => {
      t = await createTestApp(engine);
      seeded = await seed(t);
      http = await startHttpApp(vite, t.ctx);
    });
    afterAll(async () => {
      await http?.close();
      await t?.cleanup();
    });

    const send = (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
      http.get(path, { method: "POST", ...init, headers: { Cookie: seeded.cookie, ...headers } });
    const signedIn = async () => (await http.get("/admin/session", { headers: { Cookie: seeded.cookie } })).status === 200;

    it("refuses a state-changing request from another site on every route, resource routes included, and changes nothing", async () => {
      const routes = [
        "/admin/logout",
        "/admin/session",
        "/admin/database/backup",
        "/preferences/side-menu",
        "/preferences/data-saver",
        "/preferences/language",
        "/admin/settings",
        "/admin/login",
      ];
      const refusals: Array<Record<string, string>> = [
        { Origin: EVIL },
        { Origin: "null" },
        { Origin: "https://docs.portal.example.org" },
        { Referer: `${EVIL}/page` },
        {},
      ];
      for (const path of routes) {
        for (const headers of refusals) {
          const res = await send(path, headers, { body: new URLSearchParams({ open: "true", redirectTo: "/reports" }) });
          const where = `${path} ${JSON.stringify(headers)}`;
          expect(res.status, where).toBe(403);
          expect(await res.text(), where).toMatch(/did not come from the portal's own pages/);
          expect(res.headers.get("set-cookie"), where).toBeNull();
        }
      }
      for (const method of ["PUT", "PATCH", "DELETE"])
        expect((await send("/admin/session", { Origin: EVIL }, { method })).status, method).toBe(403);
      // The sign-out and the backup did not happen: the session is still there.
      expect(await signedIn()).toBe(true);
    });

    it("lets the portal's own pages post: by Origin, or by Referer when a browser sends no Origin", async () => {
      const side = await send(
        "/preferences/side-menu",
        { Origin: http.origin },
        { body: new URLSearchParams({ open: "true", redirectTo: "/reports?q=x" }) },
      );
      expect(side.status).toBe(302);
      expect(side.headers.get("location")).toBe("/reports?q=x");
      expect(side.headers.get("set-cookie")).toMatch(/open/);
      const byReferer = await send(
        "/preferences/side-menu",
        { Referer: `${http.origin}/reports` },
        { body: new URLSearchParams({ redirectTo: "/documents?page=2" }) },
      );
      expect(byReferer.status).toBe(302);
      expect(byReferer.headers.get("location")).toBe("/documents?page=2");

      const refreshed = await send("/admin/session", { Origin: http.origin });
      expect(refreshed.status).toBe(200);
      expect(refreshed.headers.get("set-cookie")).toMatch(/portal_session=/);

      const backup = await send("/admin/database/backup", { Origin: http.origin });
      if (engine === "sqlite") {
        expect(backup.status).toBe(200);
        expect(backup.headers.get("content-type")).toBe("application/vnd.sqlite3");
        expect(backup.headers.get("content-disposition")).toMatch(/^attachment; filename="portal-\d{8}-\d{4}\.db"$/);
        expect(
          Buffer.from(await backup.arrayBuffer())
            .subarray(0, 15)
            .toString(),
        ).toBe("SQLite format 3");
      } else {
        expect(backup.status).toBe(409);
      }
    });

    it("sends the side menu's toggle back to a page of this site only", async () => {
      for (const redirectTo of HOSTILE_TARGETS) {
        const res = await send(
          "/preferences/side-menu",
          { Origin: http.origin },
          { body: new URLSearchParams({ open: "false", redirectTo }) },
        );
        expect(res.status, redirectTo).toBe(302);
        expect(res.headers.get("location"), redirectTo).toBe("/documents");
      }
    });

    it("never believes a client's X-Forwarded-Host: links are built on the Host the browser used", async () => {
      const forged = { "X-Forwarded-Host": "evil.example" };
      const page = await http.get(`/document/${seeded.documentId}`, { headers: forged });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`rel="canonical" href="${http.origin}/document/${seeded.documentId}"`);
      expect(html).not.toContain("evil.example");

      const links = await http.get("/admin/shareable-links", { headers: { ...forged, Cookie: seeded.cookie } });
      expect(links.status).toBe(200);
      const linksHtml = await links.text();
      expect(linksHtml).toContain(`${http.origin}/shared/document/${seeded.shareToken}`);
      expect(linksHtml).not.toContain("evil.example");

      // Nor does a forged host make another site's page look like this one's.
      const evilHere = `http://evil.example:${new URL(http.origin).port}`;
      const forgedPost = await send(
        "/admin/settings",
        { Origin: evilHere, "X-Forwarded-Host": new URL(evilHere).host },
        { body: new URLSearchParams() },
      );
      expect(forgedPost.status).toBe(403);
    });
  });

  describe(`[${engine}] with PUBLIC_URL`, () => {
    let t: TestApp;
    let http: HttpApp;
    let seeded: Seeded;

    beforeAll(async () => {
      t = await createTestApp(engine, { env: { PUBLIC_URL } });
      seeded = await seed(t);
      http = await startHttpApp(vite, t.ctx);
    });
    afterAll(async () => {
      await http?.close();
      await t?.cleanup();
    });

    it("builds canonical and share links on PUBLIC_URL, whatever the request names", async () => {
      const headers = { "X-Forwarded-Host": "evil.example", Cookie: seeded.cookie };
      const html = await (await http.get(`/document/${seeded.documentId}`, { headers })).text();
      expect(html).toContain(`rel="canonical" href="${PUBLIC_URL}/document/${seeded.documentId}"`);
      expect(html).not.toContain("evil.example");
      const linksHtml = await (await http.get("/admin/shareable-links", { headers })).text();
      expect(linksHtml).toContain(`${PUBLIC_URL}/shared/document/${seeded.shareToken}`);
      expect(linksHtml).not.toContain("evil.example");
    });

    it("takes a post from PUBLIC_URL's pages, and from the address the request was made to", async () => {
      for (const origin of [PUBLIC_URL, http.origin]) {
        const res = await http.get("/preferences/side-menu", {
          method: "POST",
          headers: { Origin: origin },
          body: new URLSearchParams({ redirectTo: "/reports" }),
        });
        expect(res.status, origin).toBe(302);
      }
    });
  });
}
