import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "~/lib/categories";
import {
  CARD_PER,
  type DocumentListQuery,
  type FacetCounts,
  type FacetOption,
  FILE_TYPES,
  fileTypeOfExtension,
  listQuery,
  MULTI_FACETS,
  PER_MAX,
  readListQuery,
} from "~/lib/document-query";
import { CCCM_DOCUMENTS, type FixtureDocument, PUBLISHED_CCCM, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { FACET_OPTION_LIMIT, listDocuments, listPublicDocuments } from "./listing";

/**
 * Ranked search and the list service on a realistic CCCM library (issue 10, "Done when"): for
 * each query the expected document is in the top 3, and the result set, recorded here literally,
 * is the same on SQLite and PostgreSQL. Then the orders, the facet counts (against counts made
 * from the fixture itself), the tag limit, and hostile addresses read by the list service.
 */

interface RelevanceCase {
  kind: string;
  q: string;
  top: string;
  /** Every title found, sorted: the canonical form both engines must give. */
  set: string[];
}

const CASES: RelevanceCase[] = [
  {
    kind: "two words",
    q: "baidoa wash",
    top: "WASH Service Mapping in Baidoa IDP Sites",
    set: [
      "Baidoa Site Monitoring Round 12",
      "Cholera Response in Baidoa Sites",
      "Qorshaha Biyaha iyo Nadaafadda",
      "WASH Service Mapping in Baidoa IDP Sites",
    ],
  },
  {
    kind: "a phrase",
    q: '"camp management"',
    top: "Minimum Standards for Camp Management",
    set: [
      "Minimum Standards for Camp Management",
      "Training Module: Introduction to Camp Coordination",
      "Xeryaha barakacayaasha: hagaha maareynta",
    ],
  },
  {
    kind: "an excluded word",
    q: "eviction -kismayo",
    top: "Eviction Prevention Guidance for Site Managers",
    set: [
      "CCCM Cluster Somalia Strategy",
      "Eviction Monitoring Dashboard Guide",
      "Eviction Prevention Guidance for Site Managers",
      "Glossary of CCCM Terms",
    ],
  },
  {
    kind: "a prefix being typed",
    q: "relocat",
    top: "Relocation of Households from Flood-Prone Areas",
    set: [
      "Dhúusamarreeb Flood Response Update",
      "Flood Preparedness Checklist for Beledweyne Sites",
      "Kismayo Eviction Trends, Q1",
      "Relocation of Households from Flood-Prone Areas",
    ],
  },
  {
    kind: "words in another order",
    q: "coordination camp",
    top: "Training Module: Introduction to Camp Coordination",
    set: ["Minimum Standards for Camp Management", "Training Module: Introduction to Camp Coordination"],
  },
  {
    kind: "a diacritic-free spelling",
    q: "dhuusamarreeb",
    top: "Dhúusamarreeb Flood Response Update",
    set: ["Dhúusamarreeb Flood Response Update", "New Arrivals in Dhuusamarreeb Sites"],
  },
  {
    kind: "Somali words in another order",
    q: "barakacayaasha xeryaha",
    top: "Xeryaha barakacayaasha: hagaha maareynta",
    set: ["Qorshaha Biyaha iyo Nadaafadda", "Xeryaha barakacayaasha: hagaha maareynta"],
  },
  {
    kind: "Arabic without vowel marks",
    q: "مخيمات",
    top: "مخيمات النازحين في بيدوا",
    set: ["مخيمات النازحين في بيدوا"],
  },
  {
    kind: "alternatives",
    q: "beledweyne OR hiraan",
    top: "Flood Preparedness Checklist for Beledweyne Sites",
    set: ["Flood Preparedness Checklist for Beledweyne Sites", "Relocation of Households from Flood-Prone Areas"],
  },
  {
    kind: "a word and a place being typed",
    q: "cholera bai",
    top: "Cholera Response in Baidoa Sites",
    set: ["Cholera Response in Baidoa Sites"],
  },
  {
    kind: "a partner and a place (keywords)",
    q: "iom kismayo",
    top: "Kismayo Site Verification Exercise",
    set: ["Kismayo Site Verification Exercise"],
  },
  {
    kind: "a word in titles and descriptions",
    q: "gatekeeper",
    top: "Gatekeeper Engagement Strategy",
    set: ["Gatekeeper Engagement Strategy", "Glossary of CCCM Terms", "Kismayo Site Verification Exercise"],
  },
];

const HOUR = 3_600_000;
const FIRST = Date.parse("2025-11-03T08:00:00.000Z");
const createdAt = (doc: FixtureDocument) => doc.createdAt ?? new Date(FIRST + CCCM_DOCUMENTS.indexOf(doc) * HOUR).toISOString();
const byNewest = [...PUBLISHED_CCCM].sort((a, b) => createdAt(b).localeCompare(createdAt(a)));
const titlesOf = (docs: FixtureDocument[]) => docs.map((d) => d.title);

/** Counts per value over the published fixture, computed here, independently of the SQL. */
function fixtureCounts(): Record<keyof FacetCounts, Map<string, number>> {
  const counts = {
    category: new Map<string, number>(),
    type: new Map<string, number>(),
    language: new Map<string, number>(),
    year: new Map<string, number>(),
    tags: new Map<string, number>(),
    partners: new Map<string, number>(),
    locations: new Map<string, number>(),
    sectors: new Map<string, number>(),
  };
  const add = (map: Map<string, number>, value: string | null | undefined) => {
    if (value) map.set(value, (map.get(value) ?? 0) + 1);
  };
  for (const doc of PUBLISHED_CCCM) {
    add(counts.category, doc.category);
    add(counts.type, fileTypeOfExtension(doc.ext));
    add(counts.language, doc.language ?? "en");
    add(counts.year, createdAt(doc).slice(0, 4));
    for (const tag of doc.tags ?? []) add(counts.tags, tag);
    add(counts.partners, doc.partner);
    for (const location of doc.locations ?? []) add(counts.locations, location);
    for (const sector of doc.sectors ?? []) add(counts.sectors, sector);
  }
  return counts;
}

const asMap = (options: FacetOption[]) => new Map(options.map((o) => [o.value, o.count]));

for (const engine of testEngines()) {
  describe(`[${engine}] search relevance and the list service on a CCCM library`, () => {
    let t: TestApp;
    let clock = new Date(FIRST);

    beforeAll(async () => {
      t = await createTestApp(engine, { now: () => clock });
      await seedCccmDocuments(t.ctx, (at) => {
        clock = at;
      });
    });
    afterAll(async () => t.cleanup());

    const list = (change: Partial<DocumentListQuery> = {}) => listPublicDocuments(t.ctx, listQuery({ per: PER_MAX, ...change }));
    const titles = async (change: Partial<DocumentListQuery> = {}) => (await list(change)).page.items.map((i) => i.title);
    const total = async (change: Partial<DocumentListQuery>) =>
      (await listDocuments(t.ctx, { query: listQuery({ per: PER_MAX, ...change }), scope: "public" })).page.total;
    /** What a list shows for an address, read the way the library's loader reads it. */
    const fromAddress = async (search: string) => {
      const query = readListQuery(new URLSearchParams(search), { per: CARD_PER, category: true });
      return { query, ...(await listPublicDocuments(t.ctx, query)) };
    };

    it.each(CASES)("$kind ($q): the expected document is in the top 3, and the result set is the recorded one", async ({ q, top, set }) => {
      const { page } = await list({ q });
      const found = page.items.map((i) => i.title);
      expect(found.slice(0, 3)).toContain(top);
      expect([...found].sort()).toEqual(set);
      expect(page.total).toBe(set.length);
    });

    it("finds the same documents whichever spelling, case or vowel marks the query uses", async () => {
      const dhuusamarreeb = await titles({ q: "dhuusamarreeb" });
      expect(await titles({ q: "Dhúusamarreeb" })).toEqual(dhuusamarreeb);
      expect(await titles({ q: "DHUUSAMARREEB" })).toEqual(dhuusamarreeb);
      expect(await titles({ q: "مُخَيَّمات" })).toEqual(await titles({ q: "مخيمات" }));
      expect(await titles({ q: "XERYAHA" })).toEqual(["Xeryaha barakacayaasha: hagaha maareynta", "Qorshaha Biyaha iyo Nadaafadda"]);
    });

    it("gives each searched result a snippet of its description with the matched words marked, and none without words", async () => {
      const [cholera] = (await list({ q: "rehydration chlorin" })).page.items;
      expect(cholera?.title).toBe("Cholera Response in Baidoa Sites");
      expect(cholera!.snippet!.filter((p) => p.mark).map((p) => p.text)).toEqual(["rehydration", "chlorination"]);
      expect(cholera!.snippet!.map((p) => p.text).join("")).toBe(cholera!.description);
      const [arabic] = (await list({ q: "مخيمات" })).page.items;
      expect(arabic!.snippet!.filter((p) => p.mark).map((p) => p.text)).toEqual(["مُخَيَّمات"]);
      // Matched in the title only: no snippet. No words: no snippets at all.
      expect((await list({ q: "engagement" })).page.items.map((i) => [i.title, i.snippet])).toEqual([
        ["Gatekeeper Engagement Strategy", null],
      ]);
      expect((await list()).page.items.every((i) => i.snippet === null)).toBe(true);
    });

    it("keeps a phrase's words in order, and an excluded word's documents out", async () => {
      expect(await titles({ q: '"management camp"' })).toEqual([]);
      const kismayo = await titles({ q: "eviction kismayo" });
      expect(kismayo).toEqual(["Kismayo Eviction Trends, Q1"]);
      expect(await titles({ q: "eviction -kismayo" })).not.toContain("Kismayo Eviction Trends, Q1");
      expect(await titles({ q: 'camp -"camp management"' })).toEqual(["Glossary of CCCM Terms"]);
    });

    it("matches the last word as a prefix while it is typed, but not a one-letter word or a word before it", async () => {
      expect(await titles({ q: "cholera b" })).toEqual([]);
      expect(await titles({ q: "cholera ba" })).toEqual(["Cholera Response in Baidoa Sites"]);
      expect(await titles({ q: "verif" })).toEqual(["Kismayo Site Verification Exercise"]);
      // Not the last word: a whole word only.
      expect(await titles({ q: "verif kismayo" })).toEqual([]);
      // Once a space follows it, the word is complete.
      expect(await titles({ q: "verif " })).toEqual([]);
      // A prefix within a phrase being typed.
      expect([...(await titles({ q: '"site verif' }))]).toEqual(["Kismayo Site Verification Exercise"]);
    });

    it("orders by relevance with a query (title first), and newest first without one or when asked", async () => {
      const ranked = await titles({ q: "eviction" });
      const inTitle = [
        "Eviction Monitoring Dashboard Guide",
        "Eviction Prevention Guidance for Site Managers",
        "Kismayo Eviction Trends, Q1",
      ];
      expect([...ranked.slice(0, 3)].sort()).toEqual(inTitle);
      expect([...ranked.slice(3)].sort()).toEqual([
        "CCCM Cluster Somalia Strategy",
        "Glossary of CCCM Terms",
        "Monthly Dashboard Update, March",
      ]);
      const newest = await titles({ q: "eviction", sort: "newest" });
      expect(newest).toEqual(titlesOf(byNewest).filter((title) => ranked.includes(title)));
      expect(newest).not.toEqual(ranked);
      // The address's default sort: relevance with words, newest without; relevance without words is newest.
      expect((await fromAddress("q=eviction")).query.sort).toBe("relevance");
      expect((await fromAddress("q=eviction")).page.items.map((i) => i.title)).toEqual(ranked.slice(0, CARD_PER));
      expect((await fromAddress("")).query.sort).toBe("newest");
      expect((await fromAddress("sort=relevance")).query.sort).toBe("newest");
      expect(await titles()).toEqual(titlesOf(byNewest));
    });

    it("sorts by title A–Z, oldest first and most downloaded, and pages through each order without gaps", async () => {
      const lower = (s: string) => s.toLowerCase();
      const byTitle = [...PUBLISHED_CCCM].sort((a, b) => (lower(a.title) < lower(b.title) ? -1 : 1));
      expect(await titles({ sort: "title" })).toEqual(titlesOf(byTitle));
      expect(await titles({ sort: "oldest" })).toEqual(titlesOf([...byNewest].reverse()));
      const byDownloads = [...byNewest].sort((a, b) => (b.downloads ?? 0) - (a.downloads ?? 0));
      expect((await titles({ sort: "downloads" })).slice(0, 7)).toEqual(titlesOf(byDownloads).slice(0, 7));
      expect(await titles({ sort: "downloads" })).toEqual(titlesOf(byDownloads));
      for (const sort of ["newest", "title", "downloads"] as const) {
        const pages: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const result = await list({ sort, per: 12, page });
          expect(result.page).toMatchObject({ page, per: 12, pageCount: 3, total: PUBLISHED_CCCM.length });
          pages.push(...result.page.items.map((i) => i.title));
        }
        expect(pages).toEqual(await titles({ sort }));
      }
    });

    it("counts every facet over the published documents exactly as the fixture does, the tags limited to the most used 20", async () => {
      const { page, facets } = await list();
      expect(page.total).toBe(PUBLISHED_CCCM.length);
      const expected = fixtureCounts();
      for (const field of ["category", "type", "language", "year", "partners", "locations", "sectors"] as const) {
        expect(asMap(facets![field]), field).toEqual(expected[field]);
      }
      // Categories in the canonical order, years newest first, the rest by count.
      expect(facets!.category.map((o) => o.value)).toEqual(CATEGORIES.filter((c) => expected.category.has(c)));
      expect(facets!.year.map((o) => o.value)).toEqual(["2026", "2025"]);
      // Languages in their own order (English, Somali, other), labelled by their codes.
      expect(facets!.language.map((o) => o.value)).toEqual(["en", "so", "other"]);
      expect(facets!.type.find((o) => o.value === "spreadsheet")).toEqual({
        value: "spreadsheet",
        label: FILE_TYPES.spreadsheet.label,
        count: 5,
      });
      // More tags than the limit: the 20 most used, each with its right count, most used first.
      expect(expected.tags.size).toBeGreaterThan(FACET_OPTION_LIMIT);
      expect(FACET_OPTION_LIMIT).toBe(20);
      expect(facets!.tags).toHaveLength(20);
      for (const option of facets!.tags) expect(option.count, option.value).toBe(expected.tags.get(option.value));
      const counts = facets!.tags.map((o) => o.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const shown = new Set(facets!.tags.map((o) => o.value));
      for (const [tag, count] of expected.tags) if (!shown.has(tag)) expect(count, tag).toBeLessThanOrEqual(Math.min(...counts));
      expect(facets!.tags[0]).toMatchObject({ value: "Site Monitoring", count: 4 });
    });

    it("gives facet counts that add up to the total, each the total of its own filter, with and without a search", async () => {
      for (const state of [
        {},
        { q: "sites" },
        { q: "sites", sectors: ["WASH"] },
        { tags: ["Evictions"] },
        { q: "barakacayaasha" },
        { language: "so" },
      ] as Partial<DocumentListQuery>[]) {
        const { page, facets } = await list(state);
        const sum = (options: FacetOption[]) => options.reduce((n, o) => n + o.count, 0);
        expect(sum(facets!.category)).toBe(page.total);
        expect(sum(facets!.year)).toBe(page.total);
        expect(sum(facets!.language)).toBe(page.total);
        expect(sum(facets!.type)).toBe(page.total - page.items.filter((i) => !i.has_file).length);
        for (const option of facets!.category) expect(await total({ ...state, category: option.value as never })).toBe(option.count);
        for (const option of facets!.type) expect(await total({ ...state, type: option.value as never })).toBe(option.count);
        for (const option of facets!.year) expect(await total({ ...state, year: Number(option.value) })).toBe(option.count);
        for (const option of facets!.language) expect(await total({ ...state, language: option.value as never })).toBe(option.count);
        for (const { field } of MULTI_FACETS) {
          for (const option of facets![field]) {
            const values = [...(state[field] ?? []), option.value];
            expect(await total({ ...state, [field]: values }), `${field}=${option.value}`).toBe(option.count);
          }
        }
      }
      // Several values of one facet must all be there.
      expect((await titles({ tags: ["Evictions", "HLP"] })).sort()).toEqual([
        "Eviction Prevention Guidance for Site Managers",
        "Kismayo Eviction Trends, Q1",
      ]);
      // A facet value matches whatever its case.
      expect(await total({ sectors: ["wash"] })).toBe(fixtureCounts().sectors.get("WASH"));
    });

    it("reads hostile addresses as text: never an error, the same results as the plain words", async () => {
      const same = async (hostile: string, plain: string) => {
        const a = await fromAddress(hostile);
        const b = await fromAddress(plain);
        expect(
          a.page.items.map((i) => i.id),
          hostile,
        ).toEqual(b.page.items.map((i) => i.id));
        expect(a.page.total, hostile).toBe(b.page.total);
        return a;
      };
      const all = PUBLISHED_CCCM.length;
      const q = (text: string) => new URLSearchParams({ q: text }).toString();
      await same(q('"camp management'), q('"camp management"'));
      await same(q("camp*"), q("camp"));
      await same(q("(camp"), q("camp"));
      await same(q("^camp:management"), q('"camp management'));
      await same(q("camp\u0000management"), q("camp management"));
      await same(q("\ud800camp\udfff"), q("camp"));
      await same(q("water💧🙂"), q("water"));
      await same(q("\u202bمخيمات\u202c"), q("مخيمات"));
      await same(q(`${"camp ".repeat(2_000)}`), q("camp"));
      expect((await fromAddress(q("camp"))).page.total).toBeGreaterThan(0);
      // Operators of either engine are words or punctuation here.
      expect((await fromAddress(q("NEAR(camp management)"))).page.total).toBe(0);
      expect((await fromAddress(q("camp AND management"))).page.items.map((i) => i.title).sort()).toEqual([
        "Minimum Standards for Camp Management",
        "Training Module: Introduction to Camp Coordination",
      ]);
      expect((await fromAddress(q("title:camp"))).page.total).toBe(0);
      expect((await fromAddress(q("'); drop table documents; --"))).page.total).toBe(0);
      expect((await fromAddress(q("x".repeat(10_000)))).page.total).toBe(0);
      // Nothing to search for: the whole list.
      for (const text of ['"', '""', "💧", "-kismayo", "*", ":", "(", "^", "\u0000"])
        expect((await fromAddress(q(text))).page.total, text).toBe(all);
    });

    it("drops or clamps hostile paging, sorting and facet parameters", async () => {
      const read = async (search: string) => {
        const { query, page, facets } = await fromAddress(search);
        return { query, page, facets, titles: page.items.map((i) => i.title) };
      };
      const plain = await read("");
      expect((await read("page=-1")).page.page).toBe(1);
      expect(await read("page=-1")).toMatchObject({ titles: plain.titles });
      // A page past the end shows the last one.
      expect((await read("page=99999999")).page).toMatchObject({ page: 2, pageCount: 2, total: 30 });
      expect((await read("page=99999999999999999999")).page.page).toBe(1);
      expect((await read("page=1e3")).page.page).toBe(1);
      expect((await read("per=100000")).page).toMatchObject({ per: PER_MAX, pageCount: 1 });
      expect((await read("per=100000")).titles).toHaveLength(30);
      expect((await read("per=0")).page.per).toBe(CARD_PER);
      expect((await read("per=1")).page.per).toBe(12);
      for (const search of [
        "type=exe",
        "type=",
        "year=abc",
        "year=1800",
        "year=-2025",
        "from=2026-02-30",
        "to=2025-13-01",
        "from=yesterday",
        "sort=bogus",
        "category=Nonsense",
        "category=",
        "tag=",
        "sector=%00",
      ]) {
        const hostile = await read(search);
        expect(hostile.titles, search).toEqual(plain.titles);
        expect(hostile.facets, search).toEqual(plain.facets);
      }
      // Unknown facet values find nothing, and their counts are empty too.
      for (const search of ["tag=Nonexistent", "partner=%27%20or%201%3D1%20--", `location=${"x".repeat(10_000)}`]) {
        const hostile = await read(search);
        expect(hostile.page.total, search).toBe(0);
        expect(hostile.titles, search).toEqual([]);
        expect(
          Object.values(hostile.facets!).every((options) => options.length === 0),
          search,
        ).toBe(true);
      }
      // Repeated values: once each, whatever the case; different values must all match.
      expect((await read("sector=WASH&sector=wash&sector=WASH")).page.total).toBe(fixtureCounts().sectors.get("WASH"));
      expect((await read("tag=Evictions&tag=HLP")).page.total).toBe(2);
      expect((await read("type=pdf&type=word")).query.type).toBe("pdf");
      // The library's category: a known one narrows, an unknown one shows all.
      expect((await read("category=Guidelines")).titles).toHaveLength(fixtureCounts().category.get("Guideline")!);
      expect((await read("category=Nonsense")).page.total).toBe(30);
    });
  });

  describe(`[${engine}] year and date range boundaries`, () => {
    let t: TestApp;
    let clock = new Date();
    const AT: [string, string][] = [
      ["A", "2024-12-31T23:59:59.999Z"],
      ["B", "2025-01-01T00:00:00.000Z"],
      ["C", "2025-06-15T12:00:00.000Z"],
      ["D", "2025-12-31T23:59:59.999Z"],
      ["E", "2026-01-01T00:00:00.000Z"],
    ];

    beforeAll(async () => {
      t = await createTestApp(engine, { now: () => clock });
      const docs = AT.map(([title, at]) => ({ title, description: "", category: "Report" as const, createdAt: at }));
      await seedCccmDocuments(
        t.ctx,
        (at) => {
          clock = at;
        },
        docs,
      );
    });
    afterAll(async () => t.cleanup());

    const titles = async (change: Partial<DocumentListQuery>) =>
      (await listPublicDocuments(t.ctx, listQuery({ per: PER_MAX, sort: "oldest", ...change }))).page.items.map((i) => i.title);

    it("takes a year from its first to its last millisecond", async () => {
      expect(await titles({ year: 2024 })).toEqual(["A"]);
      expect(await titles({ year: 2025 })).toEqual(["B", "C", "D"]);
      expect(await titles({ year: 2026 })).toEqual(["E"]);
      expect(await titles({ year: 2027 })).toEqual([]);
      const { facets } = await listPublicDocuments(t.ctx, listQuery());
      expect(facets!.year).toEqual([
        { value: "2026", label: "2026", count: 1 },
        { value: "2025", label: "2025", count: 3 },
        { value: "2024", label: "2024", count: 1 },
      ]);
    });

    it("includes both the from and the to day, whole", async () => {
      expect(await titles({ from: "2025-01-01" })).toEqual(["B", "C", "D", "E"]);
      expect(await titles({ to: "2025-12-31" })).toEqual(["A", "B", "C", "D"]);
      expect(await titles({ from: "2025-12-31", to: "2025-12-31" })).toEqual(["D"]);
      expect(await titles({ from: "2025-01-01", to: "2025-01-01" })).toEqual(["B"]);
      expect(await titles({ from: "2024-12-31", to: "2026-01-01" })).toEqual(["A", "B", "C", "D", "E"]);
      expect(await titles({ from: "2026-01-02" })).toEqual([]);
      expect(await titles({ to: "2024-12-30" })).toEqual([]);
      // A range the wrong way round finds nothing (and is no error).
      expect(await titles({ from: "2026-01-01", to: "2024-12-31" })).toEqual([]);
      // A leap day is a day.
      const query = readListQuery(new URLSearchParams("from=2024-02-29&to=2025-02-28"), { per: PER_MAX, category: true });
      expect(query).toMatchObject({ from: "2024-02-29", to: "2025-02-28" });
      expect(await titles({ from: query.from, to: query.to })).toEqual(["A", "B"]);
    });
  });
}
