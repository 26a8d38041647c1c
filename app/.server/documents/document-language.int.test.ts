import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentLanguage } from "~/lib/document-language";
import { type DocumentListQuery, listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { countDownload, createDocument, listDocuments, listPublicDocuments } from "./documents.service";
import { findAdminDocument, updateDocument } from "./manage";

/**
 * A document's language (issue 14, item 4): stored, edited, counted and filtered by the lists
 * through the list index and the SQL pages alike; and Somali text searched as written, without
 * an English stemmer (decision 0031).
 */
const SEEDS: Array<{ title: string; description: string; language?: DocumentLanguage; published?: boolean }> = [
  { title: "Site monitoring report Baidoa", description: "Monthly monitoring of IDP sites.", language: "en" },
  { title: "Eviction trends", description: "Sites monitored for forced eviction.", language: undefined },
  {
    title: "Xeryaha barakacayaasha",
    description: "Hagaha maareynta xeryaha barakacayaasha ee Soomaaliya; maamule kasta waa inuu akhriyaa.",
    language: "so",
  },
  { title: "Qorshaha biyaha", description: "Biyaha nadiifka ah iyo maamul wanaagsan.", language: "so" },
  { title: "Qorshaha qabyo", description: "Qabyo aan la daabicin.", language: "so", published: false },
  { title: "مخيمات النازحين", description: "تقرير عن المخيمات.", language: "other" },
];

for (const engine of testEngines()) {
  describe(`[${engine}] the documents' language`, () => {
    let t: TestApp;
    const ids = new Map<string, string>();

    beforeAll(async () => {
      t = await createTestApp(engine);
      for (const seed of SEEDS) {
        const row = await createDocument(t.ctx, {
          title: seed.title,
          description: seed.description,
          category: "Report",
          language: seed.language,
          tags: [],
          published: seed.published ?? true,
          uploadedBy: null,
          file: null,
        });
        ids.set(seed.title, row.id);
      }
    });
    afterAll(async () => t.cleanup());

    const list = (change: Partial<DocumentListQuery>) => listPublicDocuments(t.ctx, listQuery(change));
    const titles = async (change: Partial<DocumentListQuery>) => (await list(change)).page.items.map((d) => d.title).sort();
    const counts = async (change: Partial<DocumentListQuery>) =>
      Object.fromEntries((await list(change)).facets!.language.map((o) => [o.value, o.count]));

    it("stores English when no language is given, and carries the language to the public shape", async () => {
      const { page } = await list({ q: "eviction" });
      expect(page.items.map((d) => [d.title, d.language])).toEqual([["Eviction trends", "en"]]);
      expect((await findAdminDocument(t.ctx, ids.get("Xeryaha barakacayaasha")!))?.language).toBe("so");
      // The database refuses a code outside the three.
      await expect(
        sql`update documents set language = 'fr' where id = ${ids.get("Eviction trends")!}`.execute(t.ctx.db.kysely),
      ).rejects.toThrow();
    });

    it("counts the published documents per language, in the facets' order, and filters by one", async () => {
      expect(await counts({})).toEqual({ en: 2, so: 2, other: 1 });
      expect((await list({})).facets!.language.map((o) => o.value)).toEqual(["en", "so", "other"]);
      expect(await titles({ language: "so" })).toEqual(["Qorshaha biyaha", "Xeryaha barakacayaasha"]);
      expect(await titles({ language: "other" })).toEqual(["مخيمات النازحين"]);
      // With words: the counts are the search's, the filter applies to its matches.
      expect(await counts({ q: "qorshaha" })).toEqual({ so: 1 });
      expect(await titles({ q: "sites", language: "en" })).toEqual(["Eviction trends", "Site monitoring report Baidoa"]);
      expect(await titles({ q: "sites", language: "so" })).toEqual([]);
      // The other facets count within the chosen language.
      expect((await list({ language: "so" })).facets!.category).toEqual([{ value: "Report", label: "Report", count: 2 }]);
    });

    it("filters the database's own pages (most downloaded) and the staff table the same way", async () => {
      await countDownload(t.ctx, ids.get("Qorshaha biyaha")!);
      const downloads = await list({ language: "so", sort: "downloads" });
      expect(downloads.page.items.map((d) => d.title)).toEqual(["Qorshaha biyaha", "Xeryaha barakacayaasha"]);
      expect(downloads.page.total).toBe(2);
      const withWords = await list({ q: "barakacayaasha", language: "so", sort: "downloads" });
      expect(withWords.page.items.map((d) => d.title)).toEqual(["Xeryaha barakacayaasha"]);
      const staff = await listDocuments(t.ctx, { query: listQuery({ language: "so" }), scope: "staff" });
      expect(staff.page.items.map((d) => d.row.title).sort()).toEqual(["Qorshaha biyaha", "Qorshaha qabyo", "Xeryaha barakacayaasha"]);
    });

    it("finds Somali words as written and by their beginning, with no English stemming", async () => {
      expect(await titles({ q: "barakacayaasha" })).toEqual(["Xeryaha barakacayaasha"]);
      expect(await titles({ q: "barakac" })).toEqual(["Xeryaha barakacayaasha"]);
      expect(await titles({ q: "Soomaaliya" })).toEqual(["Xeryaha barakacayaasha"]);
      // An English stemmer makes "maamule" (administrator) "maamul" (administration), and would find
      // the document that has only "maamul"; here "maamule" is its own word. "maamul", typed as the
      // start of a word, finds both.
      expect(await titles({ q: "maamule" })).toEqual(["Xeryaha barakacayaasha"]);
      expect(await titles({ q: "maamul" })).toEqual(["Qorshaha biyaha", "Xeryaha barakacayaasha"]);
      // Nor are English words stemmed: "monitored" and "monitoring" share only their start.
      expect(await titles({ q: "monitored" })).toEqual(["Eviction trends"]);
      expect(await titles({ q: "monitoring" })).toEqual(["Site monitoring report Baidoa"]);
    });

    it("lets staff change the language: the lists follow at once; a code outside the list is refused", async () => {
      const id = ids.get("Eviction trends")!;
      const edit = {
        title: "Eviction trends",
        description: "Sites monitored for forced eviction.",
        category: "Report",
        tags: "",
        published: true,
        partner: "",
        sectors: [],
        locations: [],
      };
      const edited = await updateDocument(t.ctx, id, { ...edit, language: "so" });
      expect(edited.ok && edited.document.language).toBe("so");
      expect(await counts({})).toEqual({ en: 1, so: 3, other: 1 });
      expect(await titles({ q: "eviction", language: "so" })).toEqual(["Eviction trends"]);

      const refused = await updateDocument(t.ctx, id, { ...edit, language: "fr" });
      expect(refused).toMatchObject({ ok: false, status: 400, field: "language" });
      // A caller that does not name the language keeps the stored one; an empty choice is English.
      await updateDocument(t.ctx, id, edit);
      expect((await findAdminDocument(t.ctx, id))?.language).toBe("so");
      await updateDocument(t.ctx, id, { ...edit, language: "" });
      expect((await findAdminDocument(t.ctx, id))?.language).toBe("en");
      expect(await counts({})).toEqual({ en: 2, so: 2, other: 1 });
    });
  });
}
