import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { Readable } from "node:stream";
import pino from "pino";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_DASHBOARD_FIELDS } from "~/lib/dashboard-form";
import { DATA_SAVER_COOKIE } from "~/lib/data-saver";
import { EMPTY_FACETS_INPUT } from "~/lib/document-facets";
import { SIDE_MENU_COOKIE } from "~/lib/side-menu";
import { DEFAULT_SETTINGS } from "~/lib/site-settings";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { SESSION_COOKIE } from "../auth/guards";
import { createSession } from "../auth/sessions";
import type { AppContext } from "../context";
import { createDashboard } from "../dashboards/dashboards.admin";
import { createDocument } from "../documents/documents.service";
import { updateDocument } from "../documents/manage";
import { saveSiteSettings } from "../settings/settings.service";
import { addContact, addMenuItem } from "../site/site-admin";
import { generateStorageKey } from "../storage";
import { createUser } from "../users/users.service";

/**
 * The anonymous page cache over the real HTTP stack (issue 13 item 4, decision 0029): what it
 * keeps and for whom, its policy without a nonce, and that every kind of change empties it, made
 * on the answering instance and (PostgreSQL) on another one.
 */

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

async function publishText(ctx: AppContext, uploadedBy: string, title: string): Promise<string> {
  const key = generateStorageKey({ prefix: "documents", originalName: "notes.txt" });
  const stored = await ctx.storage.put(key, Readable.from([Buffer.from(`${title}\n`)]));
  const doc = await createDocument(ctx, {
    title,
    description: null,
    category: "Report",
    tags: [],
    published: true,
    uploadedBy,
    file: { key, originalName: "notes.txt", ext: "txt", mimeType: "text/plain", size: stored.size, sha256: stored.sha256 },
  });
  return doc.id;
}

const unpublish = (ctx: AppContext, id: string, title: string) =>
  updateDocument(ctx, id, { title, description: "", category: "Report", tags: "", published: false, ...EMPTY_FACETS_INPUT });

const state = (res: Response) => res.headers.get("x-page-cache");

/** Asks until `check` holds: an event from another instance arrives a moment after the write. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not so after 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const engine of testEngines()) {
  describe(`[${engine}] the anonymous page cache over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let admin: { id: string };
    let staffCookie: string;
    const lines: Record<string, unknown>[] = [];

    beforeAll(async () => {
      t = await createTestApp(engine);
      admin = await createUser(t.ctx, { email: "admin@example.org", password: "admin-pass-1", role: "admin" });
      const session = await createSession(t.ctx, admin.id, { ip: null, userAgent: null });
      staffCookie = `${SESSION_COOKIE}=${session.token}`;
      // The app's own logger, writing its JSON lines here: a hit's access line is checked below.
      const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
      http = await startHttpApp(vite, t.ctx, undefined, log, { pageCache: true });
    }, 60_000);
    afterAll(async () => {
      await http?.close();
      await t?.cleanup();
    });

    it("serves an anonymous page rendered once, compressed, with a script policy that needs no nonce", async () => {
      const title = "Dollow Flood Response Report";
      await publishText(http.ctx, admin.id, title);
      const first = await http.get("/reports", { headers: { "Accept-Encoding": "br" } });
      expect(first.status).toBe(200);
      expect(state(first)).toBe("miss");
      const second = await http.get("/reports", { headers: { "Accept-Encoding": "br" } });
      expect(state(second)).toBe("hit");
      expect(second.headers.get("content-encoding")).toBe("br");
      expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie, Save-Data, Accept-Language");
      // Answered ahead of most of the middleware chain, a hit still carries what every answer does.
      expect(second.headers.get("x-request-id")).toMatch(/\S/);
      expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
      expect(second.headers.get("x-content-type-options")).toBe("nosniff");
      expect(second.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(second.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const html = await second.text(); // fetch decodes brotli
      expect(html).toContain(title);
      expect(html).not.toMatch(/\snonce=/);

      const policy = second.headers.get("content-security-policy") ?? "";
      // One policy, not a nonce policy beside the page's (a browser would apply both).
      expect(policy).not.toContain(", default-src");
      const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1]?.split(" ") ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc.some((v) => v.startsWith("'nonce-"))).toBe(false);
      // A public page does not hydrate (decision 0038): its one script is a file of this origin,
      // which 'self' allows; an inline script, if a page had one, would be allowed by its hash.
      // These tests serve the sources through Vite, which adds its client in development (the
      // production page's one script: page-weight.spec.ts).
      expect(scriptSrc).toContain("'self'");
      const scripts = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts.filter((src) => src !== "/@vite/client")).toEqual(["/app/enhance/main.ts"]);
      const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
      for (const script of inline) {
        expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
      }

      const etag = second.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);
      const revisit = await http.get("/reports", { headers: { "If-None-Match": etag! } });
      expect(revisit.status).toBe(304);

      // Each encoding holds the same page (fetch decodes them).
      const gzipped = await http.get("/reports", { headers: { "Accept-Encoding": "gzip" } });
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(await gzipped.text()).toBe(html);
      const plain = await http.get("/reports", { headers: { "Accept-Encoding": "identity" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toBe(html);
    });

    it("renders a page once for the visitors who ask while it is being rendered", async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => http.get("/reports?coalesced=1")));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(answers.map(state).sort()).toEqual(["hit", "hit", "hit", "hit", "hit", "hit", "hit", "miss"]);
      const bodies = await Promise.all(answers.map((a) => a.text()));
      expect(new Set(bodies).size).toBe(1);
    });

    it("never serves a staff page to a visitor, nor a visitor's page to staff", async () => {
      await http.get("/");
      expect(state(await http.get("/"))).toBe("hit");
      const staff = await http.get("/", { headers: { Cookie: staffCookie } });
      expect(state(staff)).toBeNull();
      expect(staff.headers.get("cache-control")).toBe("no-store");

      await saveSiteSettings(http.ctx, { ...DEFAULT_SETTINGS, maintenanceMode: true }, admin);
      try {
        const staffPage = await http.get("/", { headers: { Cookie: staffCookie } });
        expect(staffPage.status).toBe(200);
        expect(await staffPage.text()).toContain("Maintenance mode is on");
        for (let i = 0; i < 2; i++) {
          const visitor = await http.get("/");
          expect(visitor.status).toBe(503);
          expect(state(visitor)).toBe("bypass");
          expect(await visitor.text()).not.toContain("Maintenance mode is on");
        }
      } finally {
        await saveSiteSettings(http.ctx, DEFAULT_SETTINGS, admin);
      }
      const after = await http.get("/", { headers: { Cookie: staffCookie } });
      expect(await after.text()).not.toContain("Maintenance mode is on");
    });

    it("keeps out what is not for everyone: other cookies, a not-found page, each side-menu state apart", async () => {
      expect(state(await http.get("/", { headers: { Cookie: "portal_flash=%7B%7D" } }))).toBeNull();
      expect(state(await http.get("/", { headers: { Cookie: "anything=1" } }))).toBeNull();
      expect(state(await http.get("/admin/login"))).toBeNull();
      const missing = await http.get("/document/no-such-document/text");
      expect(missing.status).toBe(404);
      expect(state(missing)).toBe("bypass");
      expect(state(await http.get("/document/no-such-document/text"))).toBe("bypass");

      const collapsed = { headers: { Cookie: `${SIDE_MENU_COOKIE}=collapsed` } };
      await http.get("/documents");
      expect(state(await http.get("/documents"))).toBe("hit");
      expect(state(await http.get("/documents", collapsed))).toBe("miss");
      expect(state(await http.get("/documents", collapsed))).toBe("hit");
    });

    it("never serves a data saver's page to another visitor, nor theirs to a data saver", async () => {
      // The two kinds of page tell themselves apart by the footer's switch and the header's logo
      // (an image request on a normal page, drawn in the page for a data saver).
      const isSaverPage = (html: string) => html.includes("Data saver: on") && !html.includes('src="/favicon.svg"');
      const isNormalPage = (html: string) => html.includes("Data saver: off") && html.includes('src="/favicon.svg"');
      const saveData = { "Save-Data": "on" };
      for (const path of ["/reports?saver=1", "/about?saver=1", "/reports.data?saver=1"]) {
        const html = path.includes(".data") ? null : path;
        // A data saver first, then a visitor: each gets a page of their own kind, and each kind is kept.
        const first = await http.get(path, { headers: saveData });
        expect(state(first), path).toBe("miss");
        const normal = await http.get(path);
        expect(state(normal), path).toBe("miss");
        const saverHit = await http.get(path, { headers: saveData });
        const normalHit = await http.get(path);
        expect([state(saverHit), state(normalHit)], path).toEqual(["hit", "hit"]);
        for (const res of [first, normal, saverHit, normalHit]) expect(res.headers.get("vary"), path).toContain("Save-Data");
        const bodies = await Promise.all([first, normal, saverHit, normalHit].map((r) => r.text()));
        if (html) {
          expect(isSaverPage(bodies[0]!), path).toBe(true);
          expect(isSaverPage(bodies[2]!), path).toBe(true);
          expect(isNormalPage(bodies[1]!), path).toBe(true);
          expect(isNormalPage(bodies[3]!), path).toBe(true);
        } else {
          // The layout's data says which mode the page is in.
          expect(bodies[0]).toContain('"dataSaver",true');
          expect(bodies[1]).toContain('"dataSaver",false');
          expect(bodies[2]).toBe(bodies[0]);
          expect(bodies[3]).toBe(bodies[1]);
        }
      }
      // The reverse order: a visitor's page kept first is not a data saver's.
      await http.get("/reports?saver=2");
      expect(isSaverPage(await (await http.get("/reports?saver=2", { headers: saveData })).text())).toBe(true);

      // The switch's cookie: on without the header, off in spite of it. The key holds the mode it
      // decides, so each shares the copy of its kind of page, kept above by the header's readers.
      const switchedOn = { headers: { Cookie: `${DATA_SAVER_COOKIE}=on` } };
      const switchedOff = { headers: { Cookie: `${DATA_SAVER_COOKIE}=off`, ...saveData } };
      const on = await http.get("/reports?saver=1", switchedOn);
      expect(state(on)).toBe("hit");
      expect(isSaverPage(await on.text())).toBe(true);
      const off = await http.get("/reports?saver=1", switchedOff);
      expect(state(off)).toBe("hit");
      expect(isNormalPage(await off.text())).toBe(true);
      // And a page first kept for the switch's readers is a data saver's for the header's.
      const first = await http.get("/reports?saver=3", switchedOn);
      expect(state(first)).toBe("miss");
      await first.arrayBuffer();
      const byHeader = await http.get("/reports?saver=3", { headers: saveData });
      expect(state(byHeader)).toBe("hit");
      expect(isSaverPage(await byHeader.text())).toBe(true);
    });

    it("says Vary: Save-Data on pages rendered outside the cache; the switch sets its cookie and comes back", async () => {
      const id = await publishText(http.ctx, admin.id, "Afgooye Shelter Assessment");
      const saver = await http.get(`/document/${id}`, { headers: { "Save-Data": "on" } });
      expect(state(saver)).toBeNull();
      expect(saver.headers.get("vary")).toContain("Save-Data");
      expect(await saver.text()).toContain("Data saver: on");
      // Its data request (client-side navigation) too; a file does not vary by it.
      const data = await http.get(`/document/${id}.data`, { headers: { "Save-Data": "on" } });
      expect(data.status).toBe(200);
      expect(state(data)).toBeNull();
      expect(data.headers.get("vary")).toContain("Save-Data");
      const file = await http.get(`/api/documents/${id}/download`, { headers: { "Save-Data": "on" } });
      expect(file.status).toBe(200);
      expect(file.headers.get("vary") ?? "").not.toContain("Save-Data");
      const staff = await http.get("/reports", { headers: { Cookie: staffCookie, "Save-Data": "on" } });
      expect(state(staff)).toBeNull();
      expect(staff.headers.get("vary")).toContain("Save-Data");

      const post = (body: Record<string, string>) =>
        http.get("/preferences/data-saver", {
          method: "POST",
          headers: { Origin: http.origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(body),
        });
      const on = await post({ on: "true", redirectTo: `/document/${id}` });
      expect(on.status).toBe(302);
      expect(on.headers.get("location")).toBe(`/document/${id}`);
      expect(on.headers.get("set-cookie")).toMatch(/^data_saver=on; Path=\/;/);
      const off = await post({ on: "false", redirectTo: "https://evil.example/" });
      expect(off.headers.get("location")).toBe("/");
      expect(off.headers.get("set-cookie")).toMatch(/^data_saver=off;/);
    });

    it("never serves one language's page to a reader of the other; the switch sets its cookie and comes back with the query", async () => {
      // The two renderings tell themselves apart by <html lang> and the footer's heading.
      const isSomali = (html: string) => html.includes('<html lang="so">') && html.includes("Xiriiriyeyaal Degdeg ah");
      const isEnglish = (html: string) => html.includes('<html lang="en">') && html.includes("Quick Links");
      const somali = { headers: { "Accept-Language": "so-SO,so;q=0.9,en;q=0.5" } };
      const chosen = { headers: { Cookie: "lang=so", "Accept-Language": "en-GB" } };
      for (const path of ["/reports?lang=1", "/about?lang=1"]) {
        const first = await http.get(path, somali);
        expect(state(first), path).toBe("miss");
        const english = await http.get(path);
        expect(state(english), path).toBe("miss");
        // The switch's cookie and the header that mean Somali share one copy, whatever the raw values.
        const somaliHit = await http.get(path, chosen);
        const englishHit = await http.get(path, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
        expect([state(somaliHit), state(englishHit)], path).toEqual(["hit", "hit"]);
        for (const res of [first, english, somaliHit, englishHit]) expect(res.headers.get("vary"), path).toContain("Accept-Language");
        const [a, b, c, d] = await Promise.all([first, english, somaliHit, englishHit].map((r) => r.text()));
        expect(isSomali(a!) && isSomali(c!), path).toBe(true);
        expect(isEnglish(b!) && isEnglish(d!), path).toBe(true);
      }
      // Pages rendered outside the cache say so too.
      const staff = await http.get("/reports", { headers: { Cookie: staffCookie } });
      expect(state(staff)).toBeNull();
      expect(staff.headers.get("vary")).toContain("Accept-Language");

      const post = (body: Record<string, string>, referer?: string) =>
        http.get("/preferences/language", {
          method: "POST",
          headers: { Origin: http.origin, "Content-Type": "application/x-www-form-urlencoded", ...(referer ? { Referer: referer } : {}) },
          body: new URLSearchParams(body),
        });
      const toSomali = await post({ language: "so" }, `${http.origin}/reports?q=baidoa&page=2`);
      expect(toSomali.status).toBe(302);
      expect(toSomali.headers.get("location")).toBe("/reports?q=baidoa&page=2");
      expect(toSomali.headers.get("set-cookie")).toMatch(/^lang=so; Path=\/; Max-Age=31536000; SameSite=Lax$/);
      const toEnglish = await post({ language: "en" }, "https://evil.example/page");
      expect(toEnglish.headers.get("location")).toBe("/");
      expect(toEnglish.headers.get("set-cookie")).toMatch(/^lang=en;/);
      // An unknown language changes nothing.
      const unknown = await post({ language: "xx" }, `${http.origin}/about`);
      expect(unknown.status).toBe(302);
      expect(unknown.headers.get("set-cookie")).toBeNull();
    });

    it("never lets a cookie sent twice put one reader's page under another's key", async () => {
      // The page reads a cookie's first value; a key made from another would file the page under
      // the other value's readers: here a Somali page for every English reader, a data saver's
      // page for every visitor.
      const isEnglish = (html: string) => html.includes('<html lang="en">') && html.includes("Quick Links");
      const isNormalPage = (html: string) => html.includes("Data saver: off") && html.includes('src="/favicon.svg"');
      for (const cookie of ["lang=so; lang=en", `${DATA_SAVER_COOKIE}=on; ${DATA_SAVER_COOKIE}=off`, "lang=en; lang=so"]) {
        const path = `/about?twice=${encodeURIComponent(cookie)}`;
        const crafted = await http.get(path, { headers: { Cookie: cookie } });
        // Rendered for itself, as a request with another cookie is: the cache neither answers nor keeps it.
        expect(state(crafted), cookie).toBeNull();
        await crafted.arrayBuffer();
        const visitor = await http.get(path);
        const html = await visitor.text();
        expect(isEnglish(html) && isNormalPage(html), cookie).toBe(true);
        const somali = await http.get(path, { headers: { "Accept-Language": "so" } });
        expect(await somali.text(), cookie).toContain('<html lang="so">');
      }
    });

    it("answers a hit before Express with what every answer has: its request id, its access line", async () => {
      await http.get("/about?front=1");
      const hit = await http.get("/about?front=1");
      expect(state(hit)).toBe("hit");
      const id = hit.headers.get("x-request-id");
      expect(id).toMatch(/^[\w-]{22}$/);
      await hit.text();
      const deadline = Date.now() + 5000;
      let line: Record<string, unknown> | undefined;
      while (!line && Date.now() < deadline) {
        line = lines.find((l) => l.msg === "request" && l.requestId === id);
        if (!line) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The same line as Express writes, its query values redacted (log-path.ts) alike.
      expect(line).toMatchObject({ method: "GET", path: "/about?front=[redacted]", status: 200 });
      expect(lines.filter((l) => l.msg === "request" && l.requestId === id)).toHaveLength(1);
    });

    it("keeps a page asked for over https (a trusted proxy's X-Forwarded-Proto) apart, and pins https on its hits", async () => {
      const overHttps = { headers: { "X-Forwarded-Proto": "https" } };
      await http.get("/standards?scheme=1");
      const plain = await http.get("/standards?scheme=1");
      expect(state(plain)).toBe("hit");
      expect(plain.headers.get("strict-transport-security")).toBeNull();
      // The test server's peer is loopback, which TRUST_PROXY trusts by default.
      const first = await http.get("/standards?scheme=1", overHttps);
      expect(state(first)).toBe("miss");
      const second = await http.get("/standards?scheme=1", overHttps);
      expect(state(second)).toBe("hit");
      expect(second.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    });

    it("keeps a page asked for under a forged Host to that Host", async () => {
      // fetch sets Host itself; node:http sends the one given (a *.localhost one: Vite, which serves
      // the routes in these tests, refuses other names as production does not).
      const forged = await new Promise<{ status: number; cache: string | undefined }>((resolve, reject) => {
        const url = new URL(http.origin);
        const req = httpRequest(
          { host: url.hostname, port: url.port, path: "/reports?host-check=1", headers: { Host: "forged.localhost" } },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: res.headers["x-page-cache"] as string | undefined }));
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(forged).toEqual({ status: 200, cache: "miss" });
      // The same address under the portal's own Host: another page, rendered for it.
      const own = await http.get("/reports?host-check=1");
      expect(state(own)).toBe("miss");
      expect(await own.text()).not.toContain("forged.localhost");
    });

    it("drops an unpublished document at once from the lists, a search and the JSON", async () => {
      const title = "Kismaayo Eviction Monitoring";
      const id = await publishText(http.ctx, admin.id, title);
      const paths = ["/reports", "/reports.data", "/documents?q=kismaayo", "/api/public/documents"];
      for (const path of paths) {
        await http.get(path);
        const cached = await http.get(path);
        expect(state(cached), path).toBe("hit");
        expect(await cached.text(), path).toContain(title);
      }
      await unpublish(http.ctx, id, title);
      for (const path of paths) expect(await (await http.get(path)).text(), path).not.toContain(title);
    });

    it("keeps robots.txt and the sitemap, and drops an unpublished document's address from the sitemap at once", async () => {
      const title = "Dhobley Returnee Profile";
      const id = await publishText(http.ctx, admin.id, title);
      for (const path of ["/robots.txt", "/sitemap.xml"]) {
        expect(state(await http.get(path)), path).toBe("miss");
        const cached = await http.get(path);
        expect(state(cached), path).toBe("hit");
        expect(cached.headers.get("cache-control"), path).toBe("public, max-age=300");
      }
      expect(await (await http.get("/sitemap.xml")).text()).toContain(`/document/${id}</loc>`);
      await unpublish(http.ctx, id, title);
      expect(await (await http.get("/sitemap.xml")).text()).not.toContain(id);
    });

    it("renders a document's own page for each visitor, since each view is counted", async () => {
      const id = await publishText(http.ctx, admin.id, "Beledweyne Flood Displacement Update");
      // Two page loads, as a browser sends them (fetch cannot say so: it sends Sec-Fetch-Mode: cors).
      for (let i = 0; i < 2; i++) {
        const page = await pageLoad(http.origin, `/document/${id}`);
        expect(page.status).toBe(200);
        expect(page.cache).toBeUndefined();
      }
      // The page's own script fetching it again (live updates, the data-saver switch) is no visit.
      const fetched = await http.get(`/document/${id}`);
      expect(fetched.status).toBe(200);
      expect(state(fetched)).toBeNull();
      const views = await http.ctx.db.kysely.selectFrom("documents").select("view_count").where("id", "=", id).executeTakeFirstOrThrow();
      expect(Number(views.view_count)).toBe(2);
    });

    it("follows every kind of change: a document's edit, a dashboard, the settings, the menu, the contacts", async () => {
      const cachedHome = async () => {
        await http.get("/");
        const page = await http.get("/");
        expect(state(page)).toBe("hit");
        return page.text();
      };
      const id = await publishText(http.ctx, admin.id, "Garowe Site Verification");
      await http.get("/reports");
      expect(state(await http.get("/reports"))).toBe("hit");
      await updateDocument(http.ctx, id, {
        title: "Garowe Site Verification (revised)",
        description: "",
        category: "Report",
        tags: "",
        published: true,
        ...EMPTY_FACETS_INPUT,
      });
      expect(await (await http.get("/reports")).text()).toContain("Garowe Site Verification (revised)");

      await http.get("/dashboards");
      expect(state(await http.get("/dashboards"))).toBe("hit");
      const created = await createDashboard(
        http.ctx,
        { ...NEW_DASHBOARD_FIELDS, title: "Returns Tracker", embed_url: "https://dashboards.example.org/returns", is_public: true },
        admin,
      );
      expect(created.ok).toBe(true);
      expect(await (await http.get("/dashboards")).text()).toContain("Returns Tracker");

      expect(await cachedHome()).not.toContain("Camp Registry of Jubaland");
      await saveSiteSettings(http.ctx, { ...DEFAULT_SETTINGS, siteName: "Camp Registry of Jubaland" }, admin);
      expect(await cachedHome()).toContain("Camp Registry of Jubaland");
      // The Somali name: the Somali page (its own cache entry) changes, the English one keeps the English name.
      const cachedSomaliHome = async () => {
        await http.get("/", { headers: { Cookie: "lang=so" } });
        const page = await http.get("/", { headers: { Cookie: "lang=so" } });
        expect(state(page)).toBe("hit");
        return page.text();
      };
      expect(await cachedSomaliHome()).toContain("Camp Registry of Jubaland");
      await saveSiteSettings(
        http.ctx,
        { ...DEFAULT_SETTINGS, siteName: "Camp Registry of Jubaland", siteNameSo: "Diiwaanka Xeryaha Jubbaland" },
        admin,
      );
      expect(await cachedSomaliHome()).toContain("Diiwaanka Xeryaha Jubbaland");
      expect(await cachedHome()).not.toContain("Diiwaanka Xeryaha Jubbaland");
      await saveSiteSettings(http.ctx, DEFAULT_SETTINGS, admin);

      expect(await cachedHome()).not.toContain("Site Verification Tool");
      await addMenuItem(
        http.ctx,
        { title: "Site Verification Tool", titleSo: "", url: "/reports", icon: "file-text", displayOrder: 99, active: true },
        admin,
      );
      expect(await cachedHome()).toContain("Site Verification Tool");

      expect(await cachedHome()).not.toContain("cccm-jubaland@example.org");
      await addContact(
        http.ctx,
        { label: "Jubaland focal point", labelSo: "", value: "cccm-jubaland@example.org", type: "email", displayOrder: 99, isPublic: true },
        admin,
      );
      expect(await cachedHome()).toContain("cccm-jubaland@example.org");
    });

    if (engine === "postgres") {
      it("drops a document unpublished on another instance as soon as its event arrives", async () => {
        const title = "Baidoa Return Intentions Survey";
        const id = await publishText(t.ctx, admin.id, title);
        // Listed, then from the cache (the creation's own event may arrive after the first answer).
        await eventually(async () => {
          const page = await http.get("/reports");
          return state(page) === "hit" && (await page.text()).includes(title);
        }, "the new document is listed from the cache");
        // The test's own context is another instance: its event reaches the answering one through PostgreSQL.
        await unpublish(t.ctx, id, title);
        await eventually(async () => !(await (await http.get("/reports")).text()).includes(title), "the unpublished document is gone");
      });
    }
  });
}

/** A GET as a browser's page load sends it (`Sec-Fetch-Mode: navigate`, http/page-visit.ts), which fetch cannot. */
function pageLoad(origin: string, path: string): Promise<{ status: number; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    const url = new URL(origin);
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { "Sec-Fetch-Mode": "navigate" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: res.headers["x-page-cache"] as string | undefined }));
    });
    req.on("error", reject);
    req.end();
  });
}
