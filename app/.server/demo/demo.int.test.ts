/**
 * The demo loader against a real database and local file storage: SQLite always, PostgreSQL too
 * when TEST_DATABASE_URL is set (a fresh database per run, dropped afterwards).
 */
import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "~/lib/categories";
import { mimeForExtension } from "~/lib/mime";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import type { AppContext } from "../context";
import { facetSuggestions } from "../documents/documents.service";
import { DEFAULT_LIMITS } from "../extraction/limits";
import { readFileCompletely } from "../extraction/read-file";
import { readAll } from "../storage/storage";
import { SECTION_PLANS } from "./data/sections";
import { DEMO_FOLDERS, loadDemoContent } from "./demo.service";
import { DEMO_FOOTER, renderDemoFile } from "./demo-files";

const FOLDER_NAMES = [
  "ASA & Localization",
  "CFM & Referrals",
  "Data Collection",
  "Meeting Guidelines",
  "Net 2.0",
  "Operational Guidance",
  "Relocations & Decongestions",
  "Safety Audits",
  "Service Mapping",
  "Site Verifications",
  "Strategy and TOR",
];

async function countRows(ctx: AppContext): Promise<Record<string, number>> {
  const db = ctx.db.kysely;
  const n = async (table: "documents" | "folders" | "dashboards" | "navigation_menu" | "contact_info") => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    documents: await n("documents"),
    folders: await n("folders"),
    dashboards: await n("dashboards"),
    menu: await n("navigation_menu"),
    contacts: await n("contact_info"),
  };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

for (const engine of testEngines()) {
  describe(`[${engine}] demo content`, () => {
    const now = new Date("2026-03-15T10:00:00.000Z");
    let testApp: TestApp | undefined;
    let ctx: AppContext;
    let summary: string;

    beforeAll(async () => {
      testApp = await createTestApp(engine, { now: () => now });
      ctx = testApp.ctx;
      summary = await loadDemoContent(ctx);
    }, 60_000);

    afterAll(async () => {
      await testApp?.cleanup();
    }, 60_000);

    it("summarises what it added", () => {
      expect(summary).toBe("Demo content: 40 documents, 11 folders, 4 dashboards, 7 menu items, 3 contacts (0 already present).");
    });

    it("creates about 40 documents across every category, a few of them drafts", async () => {
      const docs = await ctx.db.kysely.selectFrom("documents").selectAll().execute();
      expect(docs.length).toBeGreaterThanOrEqual(35);
      expect(docs.length).toBeLessThanOrEqual(45);
      expect(new Set(docs.map((d) => d.category))).toEqual(new Set(CATEGORIES));
      const drafts = docs.filter((d) => d.published === 0);
      expect(drafts.length).toBeGreaterThanOrEqual(2);
      expect(drafts.length).toBeLessThan(docs.length / 4);
      for (const d of docs) {
        const tags = JSON.parse(d.tags) as string[];
        expect(tags.length).toBeGreaterThanOrEqual(2);
        expect(tags.length).toBeLessThanOrEqual(5);
      }
    });

    it("gives every document a partner, sectors and locations, in one spelling, each district with its region", async () => {
      const partners = ["IOM", "UNHCR", "NRC", "DRC", "ACTED", "CCCM Cluster Somalia", "Concern Worldwide", "Save the Children"];
      const sectors = ["CCCM", "Shelter/NFI", "WASH", "Protection", "Health", "Food Security", "Nutrition", "Education", "HLP"];
      const regionOf: Record<string, string> = {
        Mogadishu: "Banadir",
        Kahda: "Banadir",
        Daynile: "Banadir",
        Baidoa: "Bay",
        Doolow: "Gedo",
        Afgooye: "Lower Shabelle",
        Bosaso: "Bari",
        Galkayo: "Mudug",
        Beledweyne: "Hiraan",
        Hargeisa: "Woqooyi Galbeed",
        Kismayo: "Lower Juba",
      };
      const regions = new Set([...Object.values(regionOf), "Somalia"]);
      const docs = await ctx.db.kysely.selectFrom("documents").selectAll().execute();
      for (const d of docs) {
        expect(partners, d.title).toContain(d.partner);
        const docSectors = JSON.parse(d.sectors) as string[];
        expect(docSectors.length, d.title).toBeGreaterThanOrEqual(1);
        for (const s of docSectors) expect(sectors, d.title).toContain(s);
        const locations = JSON.parse(d.locations) as string[];
        expect(locations.length, d.title).toBeGreaterThanOrEqual(1);
        for (const l of locations) {
          if (regions.has(l)) continue;
          expect(Object.keys(regionOf), d.title).toContain(l);
          expect(locations, `${d.title}: ${l}`).toContain(regionOf[l]);
        }
      }
      const suggestions = await facetSuggestions(ctx);
      expect(suggestions.partners).toEqual(expect.arrayContaining(["IOM", "UNHCR", "NRC", "DRC", "ACTED", "CCCM Cluster Somalia"]));
      expect(suggestions.sectors).toEqual(expect.arrayContaining(["CCCM", "Shelter/NFI", "WASH", "Protection", "Health", "Food Security"]));
      expect(suggestions.locations).toEqual(
        expect.arrayContaining([
          "Banadir",
          "Mogadishu",
          "Bay",
          "Baidoa",
          "Gedo",
          "Doolow",
          "Lower Shabelle",
          "Afgooye",
          "Bari",
          "Bosaso",
          "Mudug",
          "Galkayo",
          "Hiraan",
          "Beledweyne",
          "Woqooyi Galbeed",
          "Hargeisa",
        ]),
      );
    });

    it("spreads the documents' dates over about 18 months before now", async () => {
      const docs = await ctx.db.kysely.selectFrom("documents").select(["created_at", "updated_at"]).execute();
      const ages = docs.map((d) => (now.getTime() - Date.parse(d.created_at)) / 86_400_000);
      expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
      expect(Math.min(...ages)).toBeLessThan(14);
      expect(Math.max(...ages)).toBeGreaterThan(365);
      expect(Math.max(...ages)).toBeLessThan(570);
      for (const d of docs) expect(d.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it("stores every document's file with the recorded size and hash", async () => {
      const docs = await ctx.db.kysely.selectFrom("documents").selectAll().execute();
      const exts = new Set<string>();
      for (const d of docs) {
        if (!d.file_path) continue;
        const bytes = await readAll(await ctx.storage.get(d.file_path));
        expect(bytes.length, d.title).toBe(d.size);
        expect(sha256(bytes), d.title).toBe(d.sha256);
        expect(d.file_path).toMatch(/^documents\/\d{4}\/\d{2}\//);
        exts.add(d.file_ext ?? "");
        if (d.file_ext === "pdf") {
          expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
          expect(d.mime_type).toBe("application/pdf");
          const pdf = await PDFDocument.load(bytes);
          expect(pdf.getPageCount(), d.title).toBeGreaterThanOrEqual(1);
          expect(pdf.getPageCount(), d.title).toBeLessThanOrEqual(3);
          expect(pdf.getTitle()).toBe(d.title);
        }
        if (d.file_ext === "txt") expect(bytes.toString("utf8")).toContain(DEMO_FOOTER);
        if (d.file_ext === "csv") expect(d.mime_type).toBe("text/csv");
        expect(d.mime_type, d.title).toBe(mimeForExtension(d.file_ext));
        expect(d.original_filename).toMatch(new RegExp(`\\.${d.file_ext}$`));
      }
      expect(exts).toEqual(new Set(["pdf", "txt", "csv", "docx", "xlsx", "pptx"]));
    });

    it("includes a site list CSV with plausible figures", async () => {
      const doc = await ctx.db.kysely
        .selectFrom("documents")
        .selectAll()
        .where("title", "like", "IDP Site Master List%")
        .executeTakeFirstOrThrow();
      const text = (await readAll(await ctx.storage.get(doc.file_path ?? ""))).toString("utf8");
      const [header, ...rows] = text.trim().split(/\r?\n/);
      expect(header).toBe("site_name,district,region,households,individuals,last_verified");
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        const [, , , households, individuals, lastVerified] = row.split(",");
        expect(Number(individuals)).toBeGreaterThan(Number(households) * 4);
        expect(lastVerified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    });

    it("creates the eleven guidance folders, two of them shared, with documents filed in them", async () => {
      const folders = await ctx.db.kysely.selectFrom("folders").selectAll().orderBy("name").execute();
      expect(folders.map((f) => f.name).sort()).toEqual([...FOLDER_NAMES].sort());
      expect(DEMO_FOLDERS.map((f) => f.name)).toEqual(FOLDER_NAMES);
      expect(folders.every((f) => f.is_public === 1 && !!f.description)).toBe(true);
      const shared = folders.filter((f) => f.share_token !== null);
      expect(shared).toHaveLength(2);
      for (const f of shared) expect(f.share_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const filed = await ctx.db.kysely.selectFrom("documents").select("folder_id").where("folder_id", "is not", null).execute();
      expect(filed.length).toBeGreaterThan(10);
      expect(new Set(filed.map((d) => d.folder_id)).size).toBe(11);
    });

    it("creates dashboards, the navigation menu and public contacts on example hosts", async () => {
      const dashboards = await ctx.db.kysely.selectFrom("dashboards").selectAll().orderBy("display_order").execute();
      expect(dashboards.map((d) => d.display_order)).toEqual([0, 1, 2, 3]);
      for (const d of dashboards) {
        expect(d.embed_url).toMatch(/^https:\/\/dashboards\.example\.org\//);
        expect(["site_monitoring", "new_arrivals", "catchement", "facility_map", "other"]).toContain(d.type);
        expect(["monitoring", "analytics", "reports", "facility_map", "catchment", "new_arrivals", "other"]).toContain(d.category);
        expect(["IFRAME", "EXTERNAL", "POWERBI", "RSHINY", "TABLEAU", "METABASE", "GRAFANA"]).toContain(d.provider);
      }

      const menu = await ctx.db.kysely.selectFrom("navigation_menu").selectAll().orderBy("display_order").execute();
      expect(menu.map((m) => [m.title, m.url, m.icon, m.display_order, m.is_active])).toEqual([
        ["Home", "/", "home", 0, 1],
        ["Reports", "/reports", "file-text", 1, 1],
        ["Guidelines", "/guidelines", "book-open", 2, 1],
        ["Standards", "/standards", "file-text", 3, 1],
        ["Documents", "/documents", "folder", 4, 1],
        ["Dashboard", "/dashboards", "bar-chart-3", 5, 1],
        ["About", "/about", "info", 6, 1],
      ]);

      const contacts = await ctx.db.kysely.selectFrom("contact_info").selectAll().orderBy("display_order").execute();
      expect(contacts.length).toBeGreaterThanOrEqual(2);
      for (const c of contacts) {
        expect(c.is_public).toBe(1);
        expect(c.value).toMatch(/example\.org/);
        expect(["email", "other"]).toContain(c.type);
      }
    });

    it("adds nothing when run a second time", async () => {
      const before = await countRows(ctx);
      expect(before).toEqual({ documents: 40, folders: 11, dashboards: 4, menu: 7, contacts: 3 });
      const again = await loadDemoContent(ctx);
      expect(again).toMatch(/nothing new/i);
      expect(again).toContain("65");
      expect(await countRows(ctx)).toEqual(before);
    });
  });
}

describe("demo files", () => {
  it("are the same bytes for the same input", async () => {
    const input = {
      title: "Baidoa IDP Site Monitoring Report",
      description: "Monthly monitoring.",
      category: "Report",
      tags: ["Baidoa", "Site Monitoring"],
      date: new Date("2025-06-01T08:00:00Z"),
      seed: "x",
    };
    for (const format of ["pdf", "txt", "csv", "docx", "xlsx", "pptx"] as const) {
      const a = await renderDemoFile({ ...input, format, pages: 3 });
      const b = await renderDemoFile({ ...input, format, pages: 3 });
      expect(a.equals(b), format).toBe(true);
    }
  });

  // What a newcomer sees searched, snippeted and counted comes from what the portal reads in them.
  it("read as Office files: the title and every section's words, a page per pair of sections, a slide per section", async () => {
    const input = {
      title: "CCCM Basic Training - Facilitator Guide",
      description: "A one-day introduction to camp coordination and camp management.",
      category: "Training",
      tags: ["Training", "Baidoa"],
      date: new Date("2025-06-01T08:00:00Z"),
      seed: "CCCM Basic Training - Facilitator Guide",
    };
    const read = async (format: "docx" | "xlsx" | "pptx") => {
      const outcome = await readFileCompletely(
        { name: `demo.${format}`, bytes: await renderDemoFile({ ...input, format }) },
        DEFAULT_LIMITS,
      );
      expect(outcome.status, format).toBe("done");
      return { outcome, text: outcome.pages.map((p) => p.text).join("\n") };
    };
    const plan = SECTION_PLANS.Training ?? [];

    const docx = await read("docx");
    expect(docx.outcome.unit).toBe("whole");
    for (const heading of plan) expect(docx.text).toContain(heading);
    expect(docx.text).toContain(input.title);
    expect(docx.text).toContain(DEMO_FOOTER);
    expect(docx.outcome.pageCount).toBe(Math.ceil(plan.length / 2));

    const pptx = await read("pptx");
    expect(pptx.outcome.unit).toBe("slide");
    expect(pptx.outcome.pageCount).toBe(plan.length + 2);
    expect(pptx.outcome.pages[0]?.text).toContain(input.title);
    expect(pptx.outcome.pages.slice(1, -1).map((p) => p.text.split("\n")[0])).toEqual(plan);

    const xlsx = await read("xlsx");
    expect(xlsx.outcome.unit).toBe("sheet");
    expect(xlsx.outcome.pages.map((p) => p.label)).toEqual(["Data", "About"]);
    expect(xlsx.outcome.pages[0]?.text).toContain("site_name");
    expect(xlsx.outcome.pages[1]?.text).toContain(input.title);
  });
});
