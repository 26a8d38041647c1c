import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FACETS_INPUT } from "~/lib/document-facets";
import { CCCM_DOCUMENTS, createPublishedReport, PUBLISHED_CCCM, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { readAtom, readRss } from "../../../tests/support/feed-rules";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { createDocument } from "../documents/documents.service";
import { updateDocument } from "../documents/manage";
import { FEED_ENTRIES } from "./feed.service";

/**
 * The feeds over the real HTTP stack with the anonymous page cache on (issue 15 item 2, decision
 * 0034), on both engines: Atom and RSS that parse and keep their specifications' rules (with a
 * title made of & < > and Somali words), only published documents, the list's filters, the
 * reader's language, the pages' head links and Follow link, and an unpublished document gone
 * from the very next request of a feed that was served from the cache.
 */

/** Escapes, a would-be element and Somali words: a feed must carry it as text. */
const HOSTILE_TITLE = "Warbixinta Barakaca & <Daadadka> Baydhabo — “Qaybta 2” </title>";

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

const unpublish = (ctx: TestApp["ctx"], id: string, title: string) =>
  updateDocument(ctx, id, { title, description: "", category: "Report", tags: "", published: false, ...EMPTY_FACETS_INPUT });

for (const engine of testEngines()) {
  describe(`[${engine}] Atom and RSS feeds over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let clock = new Date("2026-01-01T00:00:00.000Z");
    let ids: Map<string, string>;
    let hostile: string;

    beforeAll(async () => {
      t = await createTestApp(engine, { now: () => clock });
      ids = await seedCccmDocuments(t.ctx, (at) => {
        clock = at;
      });
      clock = new Date("2026-06-01T08:00:00.000Z");
      const doc = await createPublishedReport(t.ctx, {
        title: HOSTILE_TITLE,
        description: "Barakac & daadad: <b>xaalad</b> degdeg ah.",
        tags: ["Floods"],
      });
      hostile = doc.id;
      http = await startHttpApp(vite, t.ctx, undefined, undefined, { pageCache: true });
    }, 60_000);
    afterAll(async () => {
      await http?.close();
      await t?.cleanup();
    });

    const drafts = () => CCCM_DOCUMENTS.filter((d) => d.published === false).map((d) => ids.get(d.title)!);

    it("serves the latest publications as Atom that keeps RFC 4287's rules, newest first, drafts never", async () => {
      const res = await http.get("/feeds/atom");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("public, no-cache");
      const xml = await res.text();
      const feed = readAtom(xml);
      expect(feed.title).toBe("CCCM Somalia: Latest Publications");
      expect(feed.self).toBe(`${http.origin}/feeds/atom`);
      expect(feed.alternate).toBe(`${http.origin}/documents`);
      const expected = Math.min(FEED_ENTRIES, PUBLISHED_CCCM.length + 1);
      expect(feed.entries).toHaveLength(expected);
      const first = feed.entries[0]!;
      expect(first).toEqual({
        id: `${http.origin}/document/${hostile}`,
        title: HOSTILE_TITLE,
        link: `${http.origin}/document/${hostile}`,
        summary: "Barakac & daadad: <b>xaalad</b> degdeg ah.\n\nPDF, 2.4 MB",
        category: { term: "Report", label: "Report" },
        published: "2026-06-01T08:00:00.000Z",
        enclosure: { href: `${http.origin}/api/documents/${hostile}/download`, length: "2516582", type: "application/pdf" },
      });
      const published = feed.entries.map((e) => e.published);
      expect(published).toEqual([...published].sort().reverse());
      for (const id of drafts()) expect(xml).not.toContain(id);
    });

    it("serves the same as RSS 2.0 that keeps the specification's rules", async () => {
      const res = await http.get("/feeds/rss");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
      const xml = await res.text();
      const feed = readRss(xml);
      expect(feed.self).toBe(`${http.origin}/feeds/rss`);
      expect(feed.alternate).toBe(`${http.origin}/documents`);
      expect(feed.entries[0]).toMatchObject({
        id: `${http.origin}/document/${hostile}`,
        title: HOSTILE_TITLE,
        published: "Mon, 01 Jun 2026 08:00:00 GMT",
        enclosure: { href: `${http.origin}/api/documents/${hostile}/download`, length: "2516582", type: "application/pdf" },
      });
      expect(feed.entries).toHaveLength(readAtom(await (await http.get("/feeds/atom")).text()).entries.length);
      for (const id of drafts()) expect(xml).not.toContain(id);
    });

    it("follows a list's category, words and facets, and names itself in the language its address asks for", async () => {
      const reports = readAtom(await (await http.get("/feeds/atom?category=Report")).text());
      expect(reports.title).toBe("CCCM Somalia: Reports");
      expect(reports.alternate).toBe(`${http.origin}/reports`);
      const publishedReports = PUBLISHED_CCCM.filter((d) => d.category === "Report").length + 1;
      expect(reports.entries).toHaveLength(publishedReports);
      expect(reports.entries.every((e) => e.category.term === "Report")).toBe(true);

      const baidoa = readAtom(await (await http.get("/feeds/atom?category=Report&q=baidoa&sort=title&page=3")).text());
      expect(baidoa.title).toBe("CCCM Somalia: Reports: “baidoa”");
      // The sort and the page are not the feed's: always the newest, from the first.
      expect(baidoa.self).toBe(`${http.origin}/feeds/atom?q=baidoa&category=Report`);
      expect(baidoa.alternate).toBe(`${http.origin}/reports?q=baidoa`);
      expect(baidoa.entries.map((e) => e.title)).toContain("Baidoa Site Monitoring Round 12");
      // The same documents as the list with the same query, newest first.
      const listed = (await (await http.get("/api/public/documents?category=Report&q=baidoa&sort=newest")).json()) as { id: string }[];
      expect(listed.length).toBeGreaterThan(0);
      expect(baidoa.entries.map((e) => e.id)).toEqual(listed.map((d) => `${http.origin}/document/${d.id}`));

      const somali = readRss(await (await http.get("/feeds/rss?category=Report&lang=so")).text());
      expect(somali.title).toBe("CCCM Somalia: Warbixinno");
      expect(somali.self).toBe(`${http.origin}/feeds/rss?category=Report&lang=so`);
      expect(somali.entries[0]!.category.label).toBe("Warbixin");

      // A facet: only the documents carrying it.
      const tagged = readAtom(await (await http.get("/feeds/atom?tag=Floods")).text());
      expect(tagged.title).toBe("CCCM Somalia: Latest Publications (filtered)");
      expect(tagged.entries.map((e) => e.id)).toContain(`${http.origin}/document/${hostile}`);
    });

    it("is offered in the head of every list page, the home page's included, and by the Follow link beside the search box", async () => {
      for (const [path, atom, title] of [
        ["/", "/feeds/atom", "CCCM Somalia: Latest Publications"],
        ["/documents?q=camp&type=pdf", "/feeds/atom?q=camp&amp;type=pdf", "CCCM Somalia: Latest Publications: “camp”"],
        ["/reports", "/feeds/atom?category=Report", "CCCM Somalia: Reports"],
        ["/guidelines", "/feeds/atom?category=Guideline", "CCCM Somalia: Guidelines &amp; Procedures"],
        ["/standards?q=shelter", "/feeds/atom?q=shelter&amp;category=Policy", "CCCM Somalia: Standard Documents: “shelter”"],
      ] as const) {
        const html = await (await http.get(path)).text();
        const head = html.slice(0, html.indexOf("</head>"));
        expect(head, path).toContain(`<link rel="alternate" type="application/atom+xml" title="${title} (Atom)" href="${atom}"/>`);
        expect(head, path).toContain(`type="application/rss+xml" title="${title} (RSS)" href="${atom.replace("/atom", "/rss")}"/>`);
        if (path !== "/")
          expect(html, path).toMatch(
            new RegExp(`<a href="${atom.replace(/[?.*+]/g, "\\$&")}" type="application/atom\\+xml" rel="alternate"`),
          );
      }
      // A Somali reader's page offers the feed in Somali.
      const somali = await (await http.get("/reports", { headers: { "Accept-Language": "so" } })).text();
      expect(somali).toContain('title="CCCM Somalia: Warbixinno (Atom)" href="/feeds/atom?category=Report&amp;lang=so"');
    });

    it("drops an unpublished document from the very next request of a feed the cache served", async () => {
      const title = "Kismaayo Eviction Monitoring Feed Check";
      const doc = await createDocument(http.ctx, {
        title,
        description: null,
        category: "Report",
        tags: [],
        published: true,
        uploadedBy: null,
        file: null,
      });
      const paths = ["/feeds/atom", "/feeds/rss?category=Report", "/feeds/atom?q=kismaayo"];
      for (const path of paths) {
        await http.get(path);
        const cached = await http.get(path);
        expect(cached.headers.get("x-page-cache"), path).toBe("hit");
        expect(await cached.text(), path).toContain(doc.id);
      }
      await unpublish(http.ctx, doc.id, title);
      for (const path of paths) {
        const xml = await (await http.get(path)).text();
        expect(xml, path).not.toContain(doc.id);
        expect(xml, path).not.toContain(title);
      }
    });
  });
}
