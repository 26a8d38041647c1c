import { sql } from "kysely";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublishedReport, PUBLISHED_CCCM, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { PUBLIC_PAGES } from "./sitemap.service";

/**
 * Issue 15 item 4 over HTTP (decision 0032): robots.txt names the sitemap, the sitemap lists the
 * published documents and no share link, a document's page carries Open Graph tags and JSON-LD
 * that parses (even with a title made to break out of a script element), and a share link's
 * page says noindex and never names its token in the canonical or Open Graph address.
 */

/** A title that would end an unescaped script element, with a line separator that breaks old JSON-in-JS. */
const HOSTILE_TITLE = 'Baidoa </script><script>alert("x")</script> & <b>Update</b> \u2028 Q1';

/** The content of every <meta property|name=… content=…> in the head, by its name. */
function metaOf(head: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [, key, value] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)) {
    found.set(key!, [...(found.get(key!) ?? []), value!]);
  }
  return found;
}

const attributeText = (text: string) =>
  text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] robots.txt, the sitemap and a document's head over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let clock = new Date("2026-01-01T00:00:00.000Z");
    let ids: Map<string, string>;
    let hostile: string;
    const token = "share-token-for-the-head-test-51c2";

    beforeAll(async () => {
      t = await createTestApp(engine, { now: () => clock });
      ids = await seedCccmDocuments(t.ctx, (at) => {
        clock = at;
      });
      clock = new Date("2026-04-01T08:00:00.000Z");
      const doc = await createPublishedReport(t.ctx, {
        title: HOSTILE_TITLE,
        description: "Flood displacement in Baidoa.\u2028Second line.",
        tags: ["Floods", "Baidoa"],
      });
      hostile = doc.id;
      await sql`update documents set share_token = ${token} where id = ${hostile}`.execute(t.ctx.db.kysely);
      // What the file reader leaves when it made a first-page picture.
      await sql`update file_contents set status = 'done', thumbnail_key = ${"thumbnails/hostile.webp"}, thumbnail_width = 320,
        thumbnail_height = 452, thumbnail_size = 9000, thumbnail_sha256 = ${"ab".repeat(32)} where document_id = ${hostile}`.execute(
        t.ctx.db.kysely,
      );
      http = await startHttpApp(vite, t.ctx);
    }, 60_000);
    afterAll(async () => {
      await http?.close();
      await t?.cleanup();
    });

    it("serves robots.txt naming the sitemap on the portal's origin", async () => {
      const res = await http.get("/robots.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      const body = await res.text();
      expect(body).toContain(`\nSitemap: ${http.origin}/sitemap.xml\n`);
      expect(body).toMatch(/^Disallow: \/admin$/m);
      expect(body).toMatch(/^Disallow: \/shared\/$/m);
    });

    it("serves the sitemap as XML: the public pages and every published document, never a share link", async () => {
      const res = await http.get("/sitemap.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      const xml = await res.text();
      expect(xml).toMatch(
        /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
      );
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      for (const path of PUBLIC_PAGES) expect(locs).toContain(`${http.origin}${path}`);
      for (const doc of PUBLISHED_CCCM) expect(locs).toContain(`${http.origin}/document/${ids.get(doc.title)}`);
      expect(locs).toContain(`${http.origin}/document/${hostile}`);
      expect(locs).toHaveLength(PUBLIC_PAGES.length + PUBLISHED_CCCM.length + 1);
      expect(xml).not.toContain(token);
      // Not split at this size: no numbered files; and nothing but a number names one.
      for (const path of ["/sitemaps/1.xml", "/sitemaps/0.xml", "/sitemaps/x.xml", "/sitemaps/1"])
        expect((await http.get(path)).status, path).toBe(404);
    });

    it("gives a document's page Open Graph, a Twitter card, a canonical address and JSON-LD that parses", async () => {
      const res = await http.get(`/document/${hostile}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const head = html.slice(0, html.indexOf("</head>"));
      const meta = metaOf(head);
      const url = `${http.origin}/document/${hostile}`;
      expect(head).toContain(`<link rel="canonical" href="${url}"/>`);
      expect(meta.get("og:type")).toEqual(["article"]);
      expect(meta.get("og:url")).toEqual([url]);
      expect(meta.get("og:title")?.map(attributeText)).toEqual([HOSTILE_TITLE]);
      expect(meta.get("og:site_name")).toEqual(["CCCM Somalia"]);
      expect(meta.get("og:locale")).toEqual(["en_GB"]);
      expect(meta.get("og:image")?.map(attributeText)).toEqual([`${http.origin}/api/documents/${hostile}/thumbnail?v=${"ab".repeat(8)}`]);
      expect(meta.get("og:image:width")).toEqual(["320"]);
      expect(meta.get("twitter:card")).toEqual(["summary"]);
      expect(meta.get("robots")).toBeUndefined();
      // The hostile title never opens an element: only React Router's escaped JSON carries it.
      expect(html).not.toContain("<script>alert(");
      const scripts = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).not.toMatch(/[<>\u2028]/);
      const ld = JSON.parse(scripts[0]!) as Record<string, unknown>;
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Report",
        url,
        name: HOSTILE_TITLE,
        description: "Flood displacement in Baidoa. Second line.",
        datePublished: "2026-04-01T08:00:00.000Z",
        dateModified: "2026-04-01T08:00:00.000Z",
        keywords: ["Floods", "Baidoa"],
        publisher: { "@type": "Organization", name: "CCCM Somalia", url: `${http.origin}/` },
        encoding: { "@type": "MediaObject", encodingFormat: "application/pdf", contentSize: "2.4 MB" },
      });
      // The reader's language decides og:locale.
      const somali = await (await http.get(`/document/${hostile}`, { headers: { "Accept-Language": "so" } })).text();
      expect(metaOf(somali.slice(0, somali.indexOf("</head>"))).get("og:locale")).toEqual(["so_SO"]);
    });

    it("says noindex on a share link's page, whose canonical and og:url name the document, not the token", async () => {
      const html = await (await http.get(`/shared/document/${token}`)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const meta = metaOf(head);
      expect(meta.get("robots")).toEqual(["noindex"]);
      expect(meta.get("og:url")).toEqual([`${http.origin}/document/${hostile}`]);
      expect(head).toContain(`<link rel="canonical" href="${http.origin}/document/${hostile}"/>`);
      expect(head).not.toContain(token);
    });
  });
}
