import { type Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EMPTY_FILTERS } from "~/lib/document-query";
import { CCCM_DOCUMENTS, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import type { Database } from "../db/types";
import { createDocument } from "../documents/create";
import { deleteDocument, updateDocument } from "../documents/manage";
import { type IndexFilter, ListIndex, ListIndexHolder } from "./list-index";
import { parseSearchQuery } from "./query";
import { bumpSearchVersion, CHANGES_KEPT, readChanges, readSearchVersion } from "./search-index";

/**
 * The list index (decision 0018) follows the change log: a write through the documents service is
 * re-read on its own, and the orders it keeps stay what a fresh load sorts; a version the log
 * cannot account for makes it load everything again.
 */

const ALL: IndexFilter = { ...EMPTY_FILTERS, publishedOnly: false };
const PUBLISHED: IndexFilter = { ...ALL, publishedOnly: true };

/** What an index shows: each order's ids, and the counts of the published documents. */
function snapshot(index: ListIndex) {
  const ids = (ordinals: Int32Array) => Array.from(ordinals, (o) => index.idOf(o));
  return {
    newest: ids(index.select(ALL, index.order("newest"))),
    oldest: ids(index.select(ALL, index.order("oldest"))),
    title: ids(index.select(ALL, index.order("title"))),
    counts: index.count(index.select(PUBLISHED, index.order("newest")), 20),
  };
}

for (const engine of testEngines()) {
  describe(`[${engine}] the list index`, () => {
    let t: TestApp;
    let db: Kysely<Database>;
    let clock = new Date();
    let ids: Map<string, string>;

    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => clock });
      db = t.ctx.db.kysely;
      ids = await seedCccmDocuments(
        t.ctx,
        (at) => {
          clock = at;
        },
        CCCM_DOCUMENTS.slice(0, 10),
      );
    });
    afterEach(async () => t.cleanup());

    it("catches up with writes by re-reading only their documents, in the orders a fresh load sorts", async () => {
      const holder = new ListIndexHolder();
      const index = await holder.at(db, await readSearchVersion(db));
      const before = snapshot(index);
      expect(before.newest).toHaveLength(10);
      const [first, second, third] = [...ids.values()];

      // An edit that moves a document in every order, a new document, a deletion.
      clock = new Date("2031-05-01T00:00:00.000Z");
      await sql`update documents set created_at = ${"2001-01-01T00:00:00.000Z"} where id = ${first!}`.execute(db);
      expect(
        await updateDocument(t.ctx, first!, {
          title: "Aaa first in title order",
          description: "",
          category: "Policy",
          tags: "Zeta",
          published: false,
          partner: "A New Partner",
          sectors: [],
          locations: ["Afgooye"],
        }),
      ).toMatchObject({ ok: true });
      const added = await createDocument(t.ctx, {
        title: "Zzz last in title order",
        description: null,
        category: "Report",
        tags: ["Zeta"],
        published: true,
        facets: { partner: "A New Partner", sectors: [], locations: [] },
        uploadedBy: null,
        file: null,
      });
      await deleteDocument(t.ctx, second!);

      const version = await readSearchVersion(db);
      expect(await readChanges(db, index.version, version)).toEqual([first, added.id, second]);
      const after = await holder.at(db, version);
      // The same index, caught up (a reload would be a new one).
      expect(after).toBe(index);
      expect(after.version).toBe(version);
      const fresh = await ListIndex.load(db, version);
      expect(snapshot(after)).toEqual(snapshot(fresh));
      expect(snapshot(after).newest).toHaveLength(10);
      expect(snapshot(after).title[0]).toBe(first);
      expect(snapshot(after).title.at(-1)).toBe(added.id);
      expect(snapshot(after).oldest[0]).toBe(first);
      expect(snapshot(after).newest).not.toContain(second);
      expect(snapshot(after).newest).toContain(third);
      // The published document's new facet values are counted; the unpublished one's are not.
      expect(snapshot(after).counts.values.partner).toContainEqual({ value: "A New Partner", n: 1 });
      expect(snapshot(after).counts.values.location?.some((v) => v.value === "Afgooye")).toBe(false);
    });

    it("loads everything again when the log cannot account for a version", async () => {
      const holder = new ListIndexHolder();
      const index = await holder.at(db, await readSearchVersion(db));
      // A bulk write (such as a restore's rebuild) advances the version without naming documents.
      const now = new Date().toISOString();
      await sql`insert into documents (id, title, category, tags, published, created_at, updated_at)
        values (${"bulk-1"}, ${"Written in bulk"}, ${"Report"}, ${"[]"}, ${1}, ${now}, ${now})`.execute(db);
      await bumpSearchVersion(db);
      const version = await readSearchVersion(db);
      expect(await readChanges(db, index.version, version)).toBeNull();
      const after = await holder.at(db, version);
      expect(after).not.toBe(index);
      expect(snapshot(after).newest).toContain("bulk-1");
      // The log keeps CHANGES_KEPT versions: an index further behind cannot catch up either.
      expect(await readChanges(db, version - CHANGES_KEPT - 1, version)).toBeNull();
    });

    it("filters as the lists do, and finds nothing for a value no document has", async () => {
      const index = await new ListIndexHolder().at(db, await readSearchVersion(db));
      const all = index.order("newest");
      const pick = (f: Partial<IndexFilter>) => Array.from(index.select({ ...PUBLISHED, ...f }, all), (o) => index.idOf(o));
      const published = CCCM_DOCUMENTS.slice(0, 10).filter((d) => d.published !== false);
      expect(pick({})).toHaveLength(published.length);
      const withTag = published.filter((d) => d.tags?.some((tag) => tag.toLowerCase() === "evictions"));
      expect(pick({ tags: ["EVICTIONS"] }).sort()).toEqual(withTag.map((d) => ids.get(d.title)!).sort());
      expect(pick({ tags: ["No such tag"] })).toEqual([]);
      expect(pick({ category: "Report", tags: ["Evictions"], partners: ["No such partner"] })).toEqual([]);
    });

    it("finds documents by the words they have now after catching up, ranked as a fresh load ranks them", async () => {
      const holder = new ListIndexHolder();
      const index = await holder.at(db, await readSearchVersion(db));
      const found = (from: ListIndex, q: string) => Array.from(from.match(parseSearchQuery(q)).documents, (o) => from.idOf(o));
      const [first, second] = [...ids.values()];
      expect(found(index, "eviction")).toContain(second);
      expect(
        await updateDocument(t.ctx, first!, {
          title: "Xudur water trucking",
          description: "Emergency water for new arrivals",
          category: "Report",
          tags: "WASH",
          published: true,
          partner: "IOM",
          sectors: ["WASH"],
          locations: ["Xudur"],
        }),
      ).toMatchObject({ ok: true });
      await deleteDocument(t.ctx, second!);
      const version = await readSearchVersion(db);
      const after = await holder.at(db, version);
      expect(after).toBe(index);
      const fresh = await ListIndex.load(db, version);
      for (const q of ["xudur", "water truck", '"water trucking"', "eviction", "monitoring OR water", "sites -evictions", "camp manag"]) {
        expect(found(after, q), q).toEqual(found(fresh, q));
      }
      expect(found(after, "xudur")).toEqual([first]);
      expect(found(after, "eviction")).not.toContain(second);
      expect(found(after, "eviction").length).toBeGreaterThan(0);
    });
  });
}
