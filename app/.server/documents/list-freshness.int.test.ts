import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DocumentListQuery, type FacetCounts, listQuery, PER_MAX } from "~/lib/document-query";
import { CCCM_DOCUMENTS, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type AppContext, closeAppContext, openAppContext } from "../context";
import { createDocument, listPublicDocuments, publishedCounts } from "./documents.service";
import { type DocumentEditInput, deleteDocument, updateDocument } from "./manage";

/**
 * An unpublished, edited or deleted document leaves results and facet counts at once (issue 10),
 * with the count cache warm: every list below is listed (and its counts cached) before the write,
 * then listed again. What each list shows after the write is also compared with what a context
 * that has cached nothing shows. Two contexts on one
 * database stand for two instances: a write through one is seen by the other's next list.
 */

const SEED = CCCM_DOCUMENTS.slice(0, 12);
const TARGET = "Kismayo Eviction Trends, Q1";

/** The lists whose counts the tests warm and check; the target document is in each before the write. */
const STATES: Partial<DocumentListQuery>[] = [
  {},
  { q: "eviction" },
  { q: "kismayo" },
  { q: "forced evictions" },
  { tags: ["Evictions"] },
  { partners: ["NRC"] },
  { category: "Report" },
  { locations: ["Kismayo"] },
  { sectors: ["HLP"] },
  { type: "pdf" },
  { year: 2025 },
  { q: "sites", sort: "title", per: 12, page: 2 },
];

interface Shown {
  ids: string[];
  total: number;
  facets: FacetCounts | null;
}

async function show(ctx: AppContext, state: Partial<DocumentListQuery>): Promise<Shown> {
  const { page, facets } = await listPublicDocuments(ctx, listQuery({ per: PER_MAX, ...state }));
  return { ids: page.items.map((i) => i.id), total: page.total, facets };
}

async function showAll(ctx: AppContext): Promise<Shown[]> {
  const out: Shown[] = [];
  for (const state of STATES) out.push(await show(ctx, state));
  return out;
}

const count = (facets: FacetCounts | null, field: keyof FacetCounts, value: string) =>
  facets?.[field].find((o) => o.value === value)?.count ?? 0;

const openOther = (t: TestApp) => openAppContext({ config: t.ctx.config, log: pino({ level: "silent" }), migrate: false });

for (const engine of testEngines()) {
  describe(`[${engine}] lists and counts after a write, with the count cache warm`, () => {
    let t: TestApp;
    let clock = new Date();
    let ids: Map<string, string>;
    let target: string;
    let others: AppContext[];

    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => clock });
      ids = await seedCccmDocuments(
        t.ctx,
        (at) => {
          clock = at;
        },
        SEED,
      );
      target = ids.get(TARGET)!;
      clock = new Date("2026-03-01T10:00:00.000Z");
      others = [];
    });
    afterEach(async () => {
      for (const ctx of others) await closeAppContext(ctx);
      await t.cleanup();
    });

    /** A second instance on the same database, closed after the test. */
    async function instance(): Promise<AppContext> {
      const ctx = await openOther(t);
      others.push(ctx);
      return ctx;
    }

    /** Lists every state through `ctx` (warming its cache) and checks the target is in each. */
    async function warm(ctx: AppContext): Promise<Shown[]> {
      const before = await showAll(ctx);
      for (const [i, shown] of before.entries()) {
        if (i === STATES.length - 1) continue;
        expect(shown.ids, JSON.stringify(STATES[i])).toContain(target);
      }
      // Listed twice, it is the same (now from the cache).
      expect(await showAll(ctx)).toEqual(before);
      return before;
    }

    /**
     * What `ctx` lists now equals what a cold instance lists; when `gone`, the target is in none of
     * the lists, or (a list of states) in none of those.
     */
    async function expectFresh(ctx: AppContext, gone: boolean | Partial<DocumentListQuery>[]): Promise<Shown[]> {
      const after = await showAll(ctx);
      // A copy of the context has a cache of its own, still empty: it counts everything afresh.
      expect(after).toEqual(await showAll({ ...ctx }));
      const goneFrom = gone === true ? STATES : gone || [];
      for (const [i, shown] of after.entries()) {
        if (goneFrom.includes(STATES[i]!)) expect(shown.ids, JSON.stringify(STATES[i])).not.toContain(target);
      }
      return after;
    }

    const edit = (change: Partial<DocumentEditInput> = {}): DocumentEditInput => {
      const doc = SEED.find((d) => d.title === TARGET)!;
      return {
        title: doc.title,
        description: doc.description,
        category: doc.category,
        tags: (doc.tags ?? []).join(", "),
        published: true,
        partner: doc.partner ?? "",
        sectors: doc.sectors ?? [],
        locations: doc.locations ?? [],
        ...change,
      };
    };

    it("drops an unpublished document from every result and count at once, and brings it back when republished", async () => {
      const before = await warm(t.ctx);
      expect(count(before[0]!.facets, "tags", "Evictions")).toBe(2);
      expect(await updateDocument(t.ctx, target, edit({ published: false }))).toMatchObject({ ok: true });
      const after = await expectFresh(t.ctx, true);
      const [all, eviction] = after;
      expect(all!.total).toBe(before[0]!.total - 1);
      expect(eviction!.total).toBe(before[1]!.total - 1);
      for (const [field, value] of [
        ["tags", "Evictions"],
        ["tags", "HLP"],
        ["partners", "NRC"],
        ["locations", "Kismayo"],
        ["locations", "Lower Juba"],
        ["sectors", "HLP"],
        ["category", "Report"],
        ["type", "pdf"],
        ["year", "2025"],
      ] as const) {
        expect(count(all!.facets, field, value), `${field} ${value}`).toBe(count(before[0]!.facets, field, value) - 1);
      }
      expect(count(all!.facets, "locations", "Lower Juba")).toBe(1);
      // The home page's category counts too.
      expect((await publishedCounts(t.ctx)).byCategory.Report).toBe(count(before[0]!.facets, "category", "Report") - 1);

      await updateDocument(t.ctx, target, edit({ published: true }));
      expect(await expectFresh(t.ctx, false)).toEqual(before);
    });

    it("finds an edited document by its new words only, and moves its counts to its new tags, partner, place and category", async () => {
      const before = await warm(t.ctx);
      const changed = await updateDocument(
        t.ctx,
        target,
        edit({
          title: "Luuq Drought Displacement Brief",
          description: "New arrivals in Luuq after the failed rains.",
          category: "Update",
          tags: "Drought, Luuq",
          partner: "WFP",
          sectors: ["Food Security"],
          locations: ["Gedo"],
        }),
      );
      expect(changed).toMatchObject({ ok: true });
      // Still published, of the same file type and year: gone from the lists of its old words and facets only.
      const after = await expectFresh(t.ctx, STATES.slice(1, 9));
      for (const i of [0, 9, 10]) expect(after[i]!.ids, JSON.stringify(STATES[i])).toContain(target);
      const all = after[0]!;
      expect(all.total).toBe(before[0]!.total);
      for (const [field, value] of [
        ["tags", "Evictions"],
        ["tags", "HLP"],
        ["partners", "NRC"],
        ["locations", "Kismayo"],
        ["sectors", "HLP"],
        ["category", "Report"],
      ] as const) {
        expect(count(all.facets, field, value), `${field} ${value}`).toBe(count(before[0]!.facets, field, value) - 1);
      }
      for (const [field, value] of [
        ["tags", "Drought"],
        ["tags", "Luuq"],
        ["partners", "WFP"],
        ["locations", "Gedo"],
        ["sectors", "Food Security"],
        ["category", "Update"],
      ] as const) {
        expect(count(all.facets, field, value), `${field} ${value}`).toBe(count(before[0]!.facets, field, value) + 1);
      }
      for (const q of ["luuq", "drought displacement", "failed rains", "wfp", "gedo", "food security", "luu"]) {
        expect((await show(t.ctx, { q })).ids, q).toContain(target);
      }
      for (const state of [{ tags: ["Drought"] }, { partners: ["wfp"] }, { category: "Update" as const }, { locations: ["Gedo"] }]) {
        expect((await show(t.ctx, state)).ids, JSON.stringify(state)).toContain(target);
      }
      for (const q of ["trends", "nrc", "lower juba", "landowners"]) expect((await show(t.ctx, { q })).ids, q).not.toContain(target);
    });

    it("drops a deleted document from every result and count at once", async () => {
      const before = await warm(t.ctx);
      expect(await deleteDocument(t.ctx, target)).toEqual({ title: TARGET });
      const after = await expectFresh(t.ctx, true);
      expect(after[0]!.total).toBe(before[0]!.total - 1);
      expect(count(after[0]!.facets, "partners", "NRC")).toBe(count(before[0]!.facets, "partners", "NRC") - 1);
      expect((await publishedCounts(t.ctx)).total).toBe(before[0]!.total - 1);
    });

    it("shows a new published document at once, and a new draft nowhere", async () => {
      const before = await warm(t.ctx);
      const doc = await createDocument(t.ctx, {
        title: "Kismayo Eviction Alert",
        description: "Forced evictions expected in three sites.",
        category: "Report",
        tags: ["Evictions"],
        facets: { partner: "NRC", sectors: ["HLP"], locations: ["Kismayo"] },
        published: true,
        uploadedBy: null,
        file: null,
      });
      const after = await expectFresh(t.ctx, false);
      expect(after[0]!.ids[0]).toBe(doc.id);
      expect(after[0]!.total).toBe(before[0]!.total + 1);
      expect(count(after[0]!.facets, "tags", "Evictions")).toBe(count(before[0]!.facets, "tags", "Evictions") + 1);
      expect((await show(t.ctx, { q: "alert" })).ids).toEqual([doc.id]);

      await createDocument(t.ctx, {
        title: "Draft Kismayo Eviction Alert",
        description: "Forced evictions expected.",
        category: "Report",
        tags: ["Evictions"],
        published: false,
        uploadedBy: null,
        file: null,
      });
      expect(await expectFresh(t.ctx, false)).toEqual(after);
    });

    it("another instance's next list sees a write at once (the version check), whatever it had cached", async () => {
      const other = await instance();
      const before = await warm(other);
      // The instances agree before the write.
      expect(await showAll(t.ctx)).toEqual(before);

      await updateDocument(t.ctx, target, edit({ published: false }));
      const unpublished = await showAll(other);
      for (const shown of unpublished) expect(shown.ids).not.toContain(target);
      expect(unpublished[0]!.total).toBe(before[0]!.total - 1);
      expect(unpublished).toEqual(await showAll(t.ctx));

      await updateDocument(t.ctx, target, edit({ title: "Luuq Drought Brief", tags: "Drought", published: true }));
      expect((await show(other, { q: "drought" })).ids).toEqual([target]);
      expect(count((await show(other, {})).facets, "tags", "Drought")).toBe(1);
      expect((await show(other, { q: "trends" })).ids).not.toContain(target);

      // And the other way round: a write through the other instance, seen here.
      await deleteDocument(other, target);
      expect((await show(t.ctx, { q: "drought" })).ids).toEqual([]);
      expect(count((await show(t.ctx, {})).facets, "tags", "Drought")).toBe(0);
      expect(await showAll(t.ctx)).toEqual(await showAll(other));
    });

    it("saves tags that differ only in spacing or in how an accent is encoded, counting the document once under the tag", async () => {
      const tags = ["Site Monitoring", "Site  Monitoring", "Café", "Cafe\u0301"];
      const doc = await createDocument(t.ctx, {
        title: "Xudur Site Monitoring",
        description: null,
        category: "Report",
        tags,
        published: true,
        uploadedBy: null,
        file: null,
      });
      // Two seeded documents have the tag "Site Monitoring" too.
      const counted = async () => (await show(t.ctx, {})).facets!.tags.filter((o) => /site monitoring|caf/i.test(o.value));
      expect(await counted()).toEqual([
        { value: "Site Monitoring", label: "Site Monitoring", count: 3 },
        { value: "Café", label: "Café", count: 1 },
      ]);
      expect((await show(t.ctx, { tags: ["site   monitoring"] })).ids).toContain(doc.id);
      expect((await show(t.ctx, { tags: ["CAFE\u0301"] })).ids).toEqual([doc.id]);
      // Saving the same tags again through the edit form works too.
      const edited = await updateDocument(
        t.ctx,
        doc.id,
        edit({ title: "Xudur Site Monitoring", tags: tags.join(", "), partner: "", sectors: [], locations: [] }),
      );
      expect(edited).toMatchObject({ ok: true });
      expect((await show(t.ctx, { q: "xudur" })).ids).toEqual([doc.id]);
      expect(await counted()).toEqual([
        { value: "Site Monitoring", label: "Site Monitoring", count: 3 },
        { value: "Café", label: "Café", count: 1 },
      ]);
    });

    it("lists what the change log announced, whatever the page, page size or sort", async () => {
      const first = await show(t.ctx, { per: 12, page: 1 });
      // A row written behind the service's back logs no change: no instance's list index reads it,
      // on any page or order of the list (writers must go through the service; decision 0018).
      const now = new Date().toISOString();
      await sql`insert into documents (id, title, category, tags, published, created_at, updated_at)
        values (${randomUUID()}, ${"Behind the service"}, ${"Report"}, ${"[]"}, ${1}, ${now}, ${now})`.execute(t.ctx.db.kysely);
      for (const state of [{ per: 12, page: 2 }, { per: 24, page: 1 }, { sort: "title" as const }, { sort: "oldest" as const, page: 3 }]) {
        const shown = await show(t.ctx, state);
        expect(shown.total, JSON.stringify(state)).toBe(first.total);
        expect(shown.facets, JSON.stringify(state)).toEqual(first.facets);
      }
      // A write through the service logs its document: listed at once, here and on another instance.
      await createDocument(t.ctx, {
        title: "Published through the service",
        description: null,
        category: "Other",
        tags: [],
        published: true,
        uploadedBy: null,
        file: null,
      });
      expect((await show(t.ctx, { per: 12, page: 2 })).total).toBe(first.total + 1);
      const other = await openOther(t);
      try {
        expect((await show(other, { q: "through the service" })).total).toBe(1);
      } finally {
        await closeAppContext(other);
      }
    });
  });
}
