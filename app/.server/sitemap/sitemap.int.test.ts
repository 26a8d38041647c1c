import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CCCM_DOCUMENTS, type FixtureDocument, PUBLISHED_CCCM, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { publishedAfter, publishedStart } from "../documents/documents.service";
import { PUBLIC_PAGES, sitemapFile, sitemapRoot } from "./sitemap.service";

/**
 * The sitemap's content on both engines (decision 0032): what it lists, that drafts and share
 * tokens never appear, and that a split sitemap's files together list every address once, read
 * by key through equal creation times.
 */

const ORIGIN = "https://portal.example.org";

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const chunk of chunks) out += chunk;
  return out;
}

/**
 * The file's addresses, after checking it is exactly the sitemap grammar the portal writes: the
 * declaration, the root element with the protocol's namespace, then only <url> (or <sitemap>)
 * elements of a <loc> and an optional <lastmod>, with nothing unescaped in between.
 */
function read(xml: string, root: "urlset" | "sitemapindex"): { loc: string; lastmod?: string }[] {
  const item = root === "urlset" ? "url" : "sitemap";
  const open = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  expect(xml.startsWith(open), xml.slice(0, 120)).toBe(true);
  expect(xml.endsWith(`</${root}>\n`)).toBe(true);
  const body = xml.slice(open.length, -`</${root}>\n`.length);
  const line = new RegExp(
    `^<${item}><loc>([^<>"']+)</loc>(?:<lastmod>(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z)</lastmod>)?</${item}>$`,
  );
  return body
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const m = line.exec(l);
      expect(m, l).not.toBeNull();
      return { loc: m![1]!.replaceAll("&amp;", "&"), ...(m![2] ? { lastmod: m![2] } : {}) };
    });
}

for (const engine of testEngines()) {
  describe(`[${engine}] sitemap`, () => {
    let t: TestApp;
    let clock = new Date("2026-01-01T00:00:00.000Z");
    let ids: Map<string, string>;
    let publicDashboard: string;
    let privateDashboard: string;

    async function dashboard(isPublic: boolean): Promise<string> {
      const id = randomUUID();
      const at = clock.toISOString();
      await t.ctx.db.kysely
        .insertInto("dashboards")
        .values({
          id,
          title: `Dashboard ${id}`,
          provider: "EXTERNAL",
          type: "other",
          is_public: isPublic ? 1 : 0,
          display_order: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return id;
    }

    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => clock });
      ids = await seedCccmDocuments(t.ctx, (at) => {
        clock = at;
      });
      publicDashboard = await dashboard(true);
      privateDashboard = await dashboard(false);
    });
    afterEach(async () => t.cleanup());

    const draft = () => ids.get(CCCM_DOCUMENTS.find((d) => d.published === false)!.title)!;

    it("lists the public pages, the public dashboards and every published document with its last change; never a draft or a token", async () => {
      const first = ids.get(PUBLISHED_CCCM[0]!.title)!;
      await sql`update documents set share_token = ${"secret-token-7f3a"}, updated_at = ${"2026-05-06T07:08:09.123Z"} where id = ${first}`.execute(
        t.ctx.db.kysely,
      );
      await sql`update documents set share_token = ${"draft-token-7f3a"} where id = ${draft()}`.execute(t.ctx.db.kysely);

      const xml = await text(await sitemapRoot(t.ctx, ORIGIN));
      const entries = read(xml, "urlset");
      const documents = PUBLISHED_CCCM.map((d) => `${ORIGIN}/document/${ids.get(d.title)}`);
      expect(entries.map((e) => e.loc)).toEqual([
        ...PUBLIC_PAGES.map((p) => `${ORIGIN}${p}`),
        `${ORIGIN}/dashboards/${publicDashboard}`,
        // Oldest first: the fixture is created in its order.
        ...documents,
      ]);
      expect(entries.find((e) => e.loc.endsWith(first))?.lastmod).toBe("2026-05-06T07:08:09.123Z");
      expect(entries.filter((e) => e.loc.includes("/document/")).every((e) => e.lastmod)).toBe(true);
      for (const secret of [draft(), privateDashboard, "secret-token-7f3a", "draft-token-7f3a", "/shared/"])
        expect(xml).not.toContain(secret);
      // Not split: no numbered files, so no address is offered twice.
      expect(await sitemapFile(t.ctx, ORIGIN, 1)).toBeNull();
    });

    it("becomes an index past the limit, whose files together list every address once, in order", async () => {
      const whole = read(await text(await sitemapRoot(t.ctx, ORIGIN)), "urlset").map((e) => e.loc);
      const total = PUBLIC_PAGES.length + 1 + PUBLISHED_CCCM.length;
      expect(whole).toHaveLength(total);
      // At exactly the limit it is still one file.
      expect(read(await text(await sitemapRoot(t.ctx, ORIGIN, total)), "urlset")).toHaveLength(total);

      for (const perFile of [3, 5, 9, total - 1]) {
        const index = read(await text(await sitemapRoot(t.ctx, ORIGIN, perFile)), "sitemapindex");
        const files = Math.ceil(total / perFile);
        expect(index.map((e) => e.loc)).toEqual(Array.from({ length: files }, (_, i) => `${ORIGIN}/sitemaps/${i + 1}.xml`));
        const parts: string[][] = [];
        for (let n = 1; n <= files; n++) {
          const file = await sitemapFile(t.ctx, ORIGIN, n, perFile);
          parts.push(read(await text(file!), "urlset").map((e) => e.loc));
        }
        expect(
          parts.slice(0, -1).every((p) => p.length === perFile),
          `${perFile}`,
        ).toBe(true);
        expect(parts.flat(), `${perFile} per file`).toEqual(whole);
        for (const n of [0, -1, files + 1, 1.5, Number.NaN]) expect(await sitemapFile(t.ctx, ORIGIN, n, perFile), `file ${n}`).toBeNull();
      }
    });

    it("reads documents by key through equal creation times: each once, in (created_at, id) order", async () => {
      const same: FixtureDocument[] = Array.from({ length: 7 }, (_, i) => ({
        title: `Same minute ${i}`,
        description: "Created at the same moment as the others.",
        category: "Update",
        createdAt: "2027-01-01T00:00:00.000Z",
        published: i !== 3,
      }));
      await seedCccmDocuments(t.ctx, (at) => (clock = at), same);
      const all: string[] = [];
      let after = (await publishedStart(t.ctx, 0))!.after;
      for (;;) {
        const rows = await publishedAfter(t.ctx, after, 2);
        if (rows.length === 0) break;
        expect(rows.length).toBeLessThanOrEqual(2);
        all.push(...rows.map((r) => `${r.created_at} ${r.id}`));
        after = rows[rows.length - 1]!;
      }
      expect(all).toHaveLength(PUBLISHED_CCCM.length + 6);
      expect(all).toEqual([...all].sort());
      expect(new Set(all).size).toBe(all.length);
      // A walk may start at any position: the same documents from there on.
      const from = await publishedStart(t.ctx, PUBLISHED_CCCM.length + 2);
      const rest = await publishedAfter(t.ctx, from!.after, 100);
      expect(rest.map((r) => `${r.created_at} ${r.id}`)).toEqual(all.slice(PUBLISHED_CCCM.length + 2));
      expect(await publishedStart(t.ctx, all.length + 1)).toBeNull();
    });
  });
}
