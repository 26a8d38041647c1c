import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CCCM_DOCUMENTS, PUBLISHED_CCCM, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { updateDocument } from "./manage";

/**
 * The document lists over HTTP, through the production Express app and the React Router request
 * handler (issue 10): hostile addresses never give a 5xx on any list, and the public JSON keeps
 * the spec's list items while taking the lists' query and sending its paging headers.
 */

const LISTS = ["/reports", "/guidelines", "/standards", "/documents", "/api/public/documents"];

/** Hostile or nonsensical query strings, as a client could send them (already encoded). */
const HOSTILE = [
  "q=%22",
  "q=%22camp%20management",
  "q=camp*",
  "q=%5Ecamp%3Amanagement",
  "q=NEAR(camp%20management)",
  "q=(camp",
  "q=title%3Acamp%20OR",
  "q=camp%20AND%20NOT%20water",
  `q=${"x".repeat(10_000)}`,
  `q=${"camp%20".repeat(1_500)}`,
  "q=camp%00management",
  "q=%00",
  "q=%F0%9F%92%A7%F0%9F%99%82",
  "q=%E2%80%8F%D9%85%D8%AE%D9%8A%D9%85%D8%A7%D8%AA%E2%80%8F",
  "q=%ED%A0%80camp",
  "q=%zz%",
  "q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "q=%27)%3B%20drop%20table%20documents%3B%20--",
  "q=a&q=b",
  "q[]=camp",
  "page=-1",
  "page=0",
  "page=99999999",
  "page=abc",
  "page=1e309",
  "per=100000",
  "per=-5",
  "type=exe",
  "type=pdf&type=word",
  "year=abc",
  "year=99999",
  "from=2026-02-30",
  "to=2026-13-45",
  "from=2026-03-01&to=2025-01-01",
  "tag=Evictions&tag=evictions&tag=HLP&tag=HLP",
  "tag=Nonexistent",
  "partner=%27%20or%201%3D1--",
  `location=${"x".repeat(500)}`,
  "sector=%00",
  "sort=bogus",
  "sort=relevance",
  "category=Nonsense",
  "category=",
];

/** One address of each kind, for the pages rendered whole. */
const RENDERED = [
  `q=${"x".repeat(10_000)}`,
  "q=%F0%9F%92%A7%E2%80%8F%D9%85%D8%AE%D9%8A%D9%85%D8%A7%D8%AA%00%22",
  "page=99999999&per=100000",
  "page=-1&sort=bogus&type=exe&year=abc",
  "from=2026-02-30&to=2026-13-45",
  "tag=Evictions&tag=evictions&tag=HLP&partner=%27%20or%201%3D1--",
  "category=Nonsense&location=Nowhere",
  "q=camp%20AND%20NOT(water)&sort=relevance",
];

const JSON_KEYS = ["created_at", "description", "id", "size", "tags", "title"];

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] document lists over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let clock = new Date();
    let ids: Map<string, string>;

    beforeAll(async () => {
      t = await createTestApp(engine, { now: () => clock });
      ids = await seedCccmDocuments(t.ctx, (at) => {
        clock = at;
      });
      http = await startHttpApp(vite, t.ctx);
      // The first request compiles the routes.
      expect((await http.get("/reports")).status).toBe(200);
    });
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    const json = async (search: string) => {
      const res = await http.get(`/api/public/documents${search ? `?${search}` : ""}`);
      expect(res.status, search).toBe(200);
      return { res, body: (await res.json()) as Array<Record<string, unknown>> };
    };
    const page = async (path: string) => {
      const res = await http.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      return res.text();
    };

    it("answers every hostile address on every list with 200, never a server error", async () => {
      const failures: string[] = [];
      const check = async (path: string, search: string) => {
        const res = await http.get(`${path}?${search}`);
        const body = await res.text();
        const where = `${path}?${search.slice(0, 60)}`;
        if (res.status !== 200) failures.push(`${where}: ${res.status}`);
        if (path.startsWith("/api/")) {
          const items = JSON.parse(body) as unknown[];
          const total = Number(res.headers.get("x-total-count"));
          if (!Array.isArray(items) || !Number.isInteger(total) || items.length > total) failures.push(`${where}: ${body.slice(0, 80)}`);
        }
      };
      // Every address through each list's loader (React Router's data requests: a loader's error is a 500)
      // and the public JSON; a few at a time, as the point is each one's status.
      const paths = [...LISTS.filter((l) => !l.startsWith("/api/")).map((l) => `${l}.data`), "/api/public/documents"];
      for (const path of paths) {
        for (let i = 0; i < HOSTILE.length; i += 4) await Promise.all(HOSTILE.slice(i, i + 4).map((search) => check(path, search)));
      }
      // Whole pages rendered for one address of each kind (server rendering is the slow part).
      for (const path of ["/documents", "/reports"]) for (const search of RENDERED) await check(path, search);
      for (const path of ["/guidelines", "/standards"]) for (const search of RENDERED.slice(0, 4)) await check(path, search);
      expect(failures).toEqual([]);
    });

    it("reads hostile words as text: the same documents as the plain words, the markup escaped", async () => {
      const idsOf = async (search: string) => (await json(search)).body.map((i) => i.id);
      expect(await idsOf("q=%22camp%20management")).toEqual(await idsOf("q=%22camp%20management%22"));
      expect(await idsOf("q=camp*")).toEqual(await idsOf("q=camp"));
      expect(await idsOf("q=camp%00management")).toEqual(await idsOf("q=camp%20management"));
      expect(await idsOf("q=%E2%80%8F%D9%85%D8%AE%D9%8A%D9%85%D8%A7%D8%AA%E2%80%8F")).toEqual([ids.get("مخيمات النازحين في بيدوا")]);
      expect(await idsOf(`q=${"camp%20".repeat(1_500)}`)).toEqual(await idsOf("q=camp"));
      expect(await idsOf(`q=${"x".repeat(10_000)}`)).toEqual([]);
      expect((await idsOf("q=%F0%9F%92%A7")).length).toBe(PUBLISHED_CCCM.length);
      const html = await page("/documents?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
      expect(html).not.toContain("<script>alert(1)</script>");
    });

    it("searches and narrows each list page by its own category, never showing a draft", async () => {
      const reports = await page("/reports?q=kismayo");
      expect(reports).toContain("Kismayo Site Verification Exercise");
      expect(reports).toContain("Kismayo Eviction Trends, Q1");
      expect(reports).not.toContain("Draft Kismayo Eviction Response Plan");
      const guidelines = await page("/guidelines?q=eviction");
      expect(guidelines).toContain("Eviction Prevention Guidance for Site Managers");
      expect(guidelines).not.toContain("Kismayo Eviction Trends, Q1");
      const standards = await page("/standards?q=standards");
      expect(standards).toContain("Minimum Standards for Camp Management");
      expect(standards).not.toContain("Training Module: Introduction to Camp Coordination");
      // A list page's category is its own: the address cannot change it.
      expect(await page("/reports?category=Policy&q=standards")).not.toContain("Minimum Standards for Camp Management");
      // The library takes the category from the address; an unknown one shows everything.
      const library = await page("/documents?category=Nonsense");
      for (const title of ["Durable Solutions Framework", "Eviction Monitoring Dashboard Guide", "Kahda Site Monitoring Round 3"]) {
        expect(library).toContain(title);
      }
    });

    it("keeps the public JSON's list items, and sends X-Total-Count and Link (next, prev) for paging", async () => {
      const { res, body } = await json("");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("x-total-count")).toBe(String(PUBLISHED_CCCM.length));
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-expose-headers")).toMatch(/X-Total-Count/);
      expect(res.headers.get("link")).toBeNull();
      expect(body).toHaveLength(PUBLISHED_CCCM.length);
      for (const item of body) expect(Object.keys(item).sort()).toEqual(JSON_KEYS);
      expect(body[0]).toMatchObject({
        title: "Kahda Site Monitoring Round 3",
        tags: ["Site Monitoring"],
        created_at: "2026-02-14T09:00:00.000Z",
      });
      expect(body.map((i) => i.title)).not.toContain("Draft Kismayo Eviction Response Plan");

      // Paging by Link, the other parameters kept.
      const seen: unknown[] = [];
      let next: string | null = "/api/public/documents?sort=title&per=12";
      const rels: string[][] = [];
      while (next) {
        const res: Response = await http.get(next);
        expect(res.headers.get("x-total-count")).toBe(String(PUBLISHED_CCCM.length));
        const link = res.headers.get("link") ?? "";
        rels.push([...link.matchAll(/rel="(\w+)"/g)].map((m) => m[1]!));
        for (const [, target] of link.matchAll(/<([^>]+)>; rel="(?:next|prev)"/g)) expect(target).toMatch(/sort=title&per=12&page=\d/);
        seen.push(...((await res.json()) as Array<{ title: string }>).map((i) => i.title));
        next = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? null;
      }
      expect(rels).toEqual([["next"], ["prev", "next"], ["prev"]]);
      const lower = (s: string) => s.toLowerCase();
      expect(seen).toEqual(PUBLISHED_CCCM.map((d) => d.title).sort((a, b) => (lower(a) < lower(b) ? -1 : 1)));

      // A page past the end is the last one; page sizes are clamped.
      const last = await json("per=12&page=99999999");
      expect(last.body).toHaveLength(6);
      expect(last.res.headers.get("link")).toBe('</api/public/documents?per=12&page=2>; rel="prev"');
      expect((await json("per=100000")).body).toHaveLength(PUBLISHED_CCCM.length);
      expect((await json("per=1")).body).toHaveLength(12);
    });

    it("takes the lists' words, facets and sort", async () => {
      const titles = async (search: string) => {
        const { res, body } = await json(search);
        const found = body.map((i) => i.title as string);
        expect(res.headers.get("x-total-count"), search).toBe(String(found.length));
        return found;
      };
      expect((await titles("q=kismayo")).sort()).toEqual(["Kismayo Eviction Trends, Q1", "Kismayo Site Verification Exercise"]);
      expect((await titles("q=dhuusamarreeb")).sort()).toEqual([
        "Dhúusamarreeb Flood Response Update",
        "New Arrivals in Dhuusamarreeb Sites",
      ]);
      expect((await titles("tag=Evictions&tag=HLP")).sort()).toEqual([
        "Eviction Prevention Guidance for Site Managers",
        "Kismayo Eviction Trends, Q1",
      ]);
      expect(await titles("partner=NRC&category=Guideline")).toEqual([
        "Eviction Monitoring Dashboard Guide",
        "Eviction Prevention Guidance for Site Managers",
      ]);
      expect(await titles("location=Beledweyne&sort=oldest")).toEqual([
        "Flood Preparedness Checklist for Beledweyne Sites",
        "Relocation of Households from Flood-Prone Areas",
      ]);
      expect((await titles("sort=downloads")).slice(0, 3)).toEqual([
        "Minimum Standards for Camp Management",
        "CCCM Cluster Somalia Strategy",
        "Kismayo Eviction Trends, Q1",
      ]);
      expect(await titles("type=presentation")).toEqual(["Training Module: Introduction to Camp Coordination"]);
      expect(await titles("year=2026")).toEqual(["Kahda Site Monitoring Round 3", "New Arrivals in Dhuusamarreeb Sites"]);
      expect(await titles("from=2026-01-01&to=2026-01-01")).toEqual(["New Arrivals in Dhuusamarreeb Sites"]);
      expect(await titles("category=Standards&q=camp")).toEqual(["Minimum Standards for Camp Management"]);
    });

    it("answers an unknown category with [] and X-Total-Count 0; All is every document", async () => {
      for (const category of ["Nonsense", "reports%20OR%201%3D1", "%00"]) {
        const { res, body } = await json(`category=${category}`);
        expect(body, category).toEqual([]);
        expect(res.headers.get("x-total-count")).toBe("0");
      }
      expect((await json("category=All")).body).toHaveLength(PUBLISHED_CCCM.length);
      expect((await json("category=all")).body).toHaveLength(PUBLISHED_CCCM.length);
      expect((await json("category=")).body).toHaveLength(PUBLISHED_CCCM.length);
    });

    it("serves a write made by another instance on the next request", async () => {
      const id = ids.get("Gatekeeper Engagement Strategy")!;
      expect((await json("q=gatekeeper")).body.map((i) => i.id)).toContain(id);
      const doc = CCCM_DOCUMENTS.find((d) => d.title === "Gatekeeper Engagement Strategy")!;
      await updateDocument(t.ctx, id, {
        title: doc.title,
        description: doc.description,
        category: doc.category,
        tags: (doc.tags ?? []).join(","),
        published: false,
        partner: doc.partner ?? "",
        sectors: doc.sectors ?? [],
        locations: doc.locations ?? [],
      });
      const after = await json("q=gatekeeper");
      expect(after.body.map((i) => i.id)).not.toContain(id);
      expect(after.res.headers.get("x-total-count")).toBe(String(after.body.length));
      expect(await page("/standards?q=gatekeeper")).not.toContain("Gatekeeper Engagement Strategy");
    });
  });
}
