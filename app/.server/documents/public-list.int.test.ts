import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Category } from "~/lib/categories";
import { listQuery, PER_MAX } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { publishedDocuments } from "../../../tests/support/lists";
import { createDocument, listPublicListItems, toPublicListItem } from "./documents.service";

interface Seed {
  title: string;
  category: Category;
  published: boolean;
  description?: string;
  tags?: string[];
  size?: number;
}

const SEEDS: Seed[] = [
  {
    title: "Baidoa Site Monitoring Round 12",
    category: "Report",
    published: true,
    description: "Shelter and WASH gaps",
    tags: ["Baidoa", "Bay"],
    size: 3072,
  },
  { title: "Draft Kahda Safety Audit", category: "Report", published: false, tags: ["Safety Audit"], size: 1024 },
  { title: "CFM Guidance", category: "Guideline", published: true, tags: ["CFM", "AAP"] },
  { title: "Draft Relocation Guidance", category: "Guideline", published: false },
  {
    title: "Minimum Standards for Site Management",
    category: "Policy",
    published: true,
    description: "Indicators the cluster follows",
    size: 10_240,
  },
  { title: "Draft Strategy Revision", category: "Policy", published: false, description: "Indicators under review" },
  { title: "Eviction Trends Analysis", category: "Report", published: true, tags: ["Evictions", "HLP"], size: 5000 },
  { title: "Glossary", category: "Other", published: true },
];

for (const engine of testEngines()) {
  describe(`[${engine}] public list items and the public JSON's query`, () => {
    let t: TestApp;
    let clock: Date;

    beforeEach(async () => {
      clock = new Date("2026-03-01T08:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      for (const seed of SEEDS) {
        // One minute apart, so "newest first" has a single right answer.
        clock = new Date(clock.getTime() + 60_000);
        await createDocument(t.ctx, {
          title: seed.title,
          description: seed.description ?? null,
          category: seed.category,
          tags: seed.tags ?? [],
          published: seed.published,
          uploadedBy: null,
          file:
            seed.size === undefined
              ? null
              : {
                  key: `documents/${seed.title}.pdf`,
                  originalName: "file.pdf",
                  ext: "pdf",
                  mimeType: "application/pdf",
                  size: seed.size,
                  sha256: "0".repeat(64),
                },
        });
      }
    });
    afterEach(async () => t.cleanup());

    const titles = async ({ category, q }: { category?: string | null; q?: string | null }) =>
      (await publishedDocuments(t.ctx, { category: category ?? undefined, q: q ?? "" })).map((i) => i.title);
    const items = async (category: Category) => (await listPublicListItems(t.ctx, listQuery({ per: PER_MAX }), category)).items;

    it("carries exactly the spec's list item fields, with real values", async () => {
      const reports = await items("Report");
      for (const item of reports) {
        expect(Object.keys(item).sort()).toEqual(["created_at", "description", "id", "size", "tags", "title"]);
      }
      const baidoa = reports.find((i) => i.title === "Baidoa Site Monitoring Round 12");
      expect(baidoa).toMatchObject({
        description: "Shelter and WASH gaps",
        tags: ["Baidoa", "Bay"],
        size: 3072,
        created_at: "2026-03-01T08:01:00.000Z",
      });
      expect(baidoa?.id).toMatch(/^[0-9a-f-]{36}$/);
      // A document without a description or a file still has the keys, as null.
      const [glossary] = await items("Other");
      expect(glossary).toMatchObject({ description: null, size: null, tags: [] });
      // The presenter drops everything else a public document has (category, file type, ...).
      const [doc] = await publishedDocuments(t.ctx, { category: "Report" });
      expect(doc).toHaveProperty("category", "Report");
      expect(toPublicListItem(doc!)).toEqual({
        id: doc!.id,
        title: doc!.title,
        description: doc!.description,
        tags: doc!.tags,
        created_at: doc!.created_at,
        size: doc!.size,
      });
    });

    it("lists published documents only, newest first, whatever the category or search", async () => {
      expect(await titles({})).toEqual([
        "Glossary",
        "Eviction Trends Analysis",
        "Minimum Standards for Site Management",
        "CFM Guidance",
        "Baidoa Site Monitoring Round 12",
      ]);
      const drafts = ["Draft Kahda Safety Audit", "Draft Relocation Guidance", "Draft Strategy Revision"];
      for (const category of [null, "Report", "Guideline", "Policy", "Standards"]) {
        for (const q of [null, "draft", "safety audit", "indicators", "relocation"]) {
          const listed = await titles({ category, q });
          for (const draft of drafts) expect(listed).not.toContain(draft);
        }
      }
      expect(await titles({ q: "indicators" })).toEqual(["Minimum Standards for Site Management"]);
    });

    it("maps the category onto the canonical list: Standards is Policy", async () => {
      const reports = ["Eviction Trends Analysis", "Baidoa Site Monitoring Round 12"];
      expect(await titles({ category: "Report" })).toEqual(reports);
      expect(await titles({ category: "report" })).toEqual(reports);
      expect(await titles({ category: "REPORT" })).toEqual(reports);
      expect(await titles({ category: "Guideline" })).toEqual(["CFM Guidance"]);
      expect(await titles({ category: "Guidelines" })).toEqual(["CFM Guidance"]);
      expect(await titles({ category: "GUIDELINE" })).toEqual(["CFM Guidance"]);
      expect(await titles({ category: "Policy" })).toEqual(["Minimum Standards for Site Management"]);
      expect(await titles({ category: "Standards" })).toEqual(["Minimum Standards for Site Management"]);
      expect(await titles({ category: "standard" })).toEqual(["Minimum Standards for Site Management"]);
    });

    it("searches within a category, case-insensitively over title, description and tags", async () => {
      expect(await titles({ category: "Report", q: "HLP" })).toEqual(["Eviction Trends Analysis"]);
      expect(await titles({ category: "Report", q: "wash GAPS" })).toEqual(["Baidoa Site Monitoring Round 12"]);
      expect(await titles({ category: "Report", q: "  baidoa " })).toEqual(["Baidoa Site Monitoring Round 12"]);
      expect(await titles({ category: "Guideline", q: "baidoa" })).toEqual([]);
      expect(await titles({ category: "Report", q: "" })).toHaveLength(2);
    });
  });
}
