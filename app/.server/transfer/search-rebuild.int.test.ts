import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listQuery, PER_MAX } from "~/lib/document-query";
import { CCCM_DOCUMENTS, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, type TestEngine, testEngines } from "../../../tests/support/engines";
import type { AppContext } from "../context";
import { createDocument, listPublicDocuments } from "../documents/documents.service";
import { listIndexAt } from "../documents/listing";
import { deleteDocument, updateDocument } from "../documents/manage";
import { readSearchVersion } from "../search/search-index";
import { backupDatabase, restoreBackup } from "./backup";
import { exportInstallation } from "./export";
import { importInstallation } from "./import";
import { restoreDatabase } from "./restore";

/**
 * The search indexes are derived data, left out of backups and exports (decisions 0015, 0039): a
 * restore or an import makes every list index load the restored documents again, so they are found
 * by their words at once, and the words of documents the backup did not have find nothing.
 */

// Without files, so an export has nothing to copy.
const SEED = CCCM_DOCUMENTS.slice(0, 10).map((doc) => ({ ...doc, ext: undefined }));

const find = async (ctx: AppContext, q: string) =>
  (await listPublicDocuments(ctx, listQuery({ q, per: PER_MAX }))).page.items.map((i) => i.title).sort();

const everything = async (ctx: AppContext) => {
  const { page, facets } = await listPublicDocuments(ctx, listQuery({ per: PER_MAX }));
  return { titles: page.items.map((i) => i.title), total: page.total, facets };
};

/** How many documents this instance's list index, which matches their words, holds now. */
async function entries(ctx: AppContext): Promise<number> {
  return (await listIndexAt(ctx, await readSearchVersion(ctx.db.kysely))).size;
}

async function seeded(engine: TestEngine): Promise<{ t: TestApp; ids: Map<string, string> }> {
  let clock = new Date();
  const t = await createTestApp(engine, { now: () => clock });
  const ids = await seedCccmDocuments(
    t.ctx,
    (at) => {
      clock = at;
    },
    SEED,
  );
  return { t, ids };
}

/** Changes the library after the backup: an edit, a deletion and a new document. */
async function changeLibrary(ctx: AppContext, ids: Map<string, string>) {
  await updateDocument(ctx, ids.get("Kismayo Eviction Trends, Q1")!, {
    title: "Luuq Drought Brief",
    description: "Arrivals after the failed rains.",
    category: "Update",
    tags: "Drought",
    published: true,
    partner: "",
    sectors: [],
    locations: [],
  });
  await deleteDocument(ctx, ids.get("Minimum Standards for Camp Management")!);
  await createDocument(ctx, {
    title: "Temporary Hargeisa Note",
    description: null,
    category: "Other",
    tags: [],
    published: true,
    uploadedBy: null,
    file: null,
  });
}

async function expectBackupState(ctx: AppContext, before: Awaited<ReturnType<typeof everything>>) {
  expect(await everything(ctx)).toEqual(before);
  expect(await entries(ctx)).toBe(SEED.length);
  expect(await find(ctx, "kismayo eviction")).toEqual(["Kismayo Eviction Trends, Q1"]);
  expect(await find(ctx, '"camp management"')).toEqual([
    "Minimum Standards for Camp Management",
    "Xeryaha barakacayaasha: hagaha maareynta",
  ]);
  expect(await find(ctx, "dhuusamarreeb")).toEqual(["Dhúusamarreeb Flood Response Update"]);
  expect(await find(ctx, "xeryaha")).toEqual(["Xeryaha barakacayaasha: hagaha maareynta"]);
  for (const q of ["luuq", "drought", "hargeisa"]) expect(await find(ctx, q), q).toEqual([]);
}

for (const engine of testEngines()) {
  describe(`[${engine}] a restore or an import rebuilds the search index`, () => {
    let t: TestApp;
    let ids: Map<string, string>;
    const cleanups: TestApp[] = [];

    beforeEach(async () => {
      ({ t, ids } = await seeded(engine));
    });
    afterEach(async () => {
      await t.cleanup();
      for (const other of cleanups.splice(0)) await other.cleanup();
    });

    it("finds the restored documents by their words, and nothing by the words written after the backup", async () => {
      const before = await everything(t.ctx);
      const file = path.join(t.dataDir, "backup.ndjson.gz");
      await backupDatabase(t.ctx, file);

      await changeLibrary(t.ctx, ids);
      // Counts of the changed library, cached before the restore.
      expect(await find(t.ctx, "luuq")).toEqual(["Luuq Drought Brief"]);
      expect((await everything(t.ctx)).facets).not.toEqual(before.facets);

      await restoreBackup(t.ctx, file);
      await expectBackupState(t.ctx, before);
    });

    it("imports an export into a new installation whose index is then complete", async () => {
      const before = await everything(t.ctx);
      const dir = path.join(t.dataDir, "export");
      await fs.mkdir(dir);
      await exportInstallation(t.ctx, dir);
      const target = await createTestApp(engine);
      cleanups.push(target);
      expect(await entries(target.ctx)).toBe(0);
      await importInstallation(target.ctx, dir);
      await expectBackupState(target.ctx, before);
    });
  });
}

if (testEngines().includes("postgres")) {
  describe("[postgres] a backup restored into the other engine is searchable there", () => {
    it.each([
      ["sqlite", "postgres"],
      ["postgres", "sqlite"],
    ] as const)("from %s into %s", async (from, into) => {
      const { t: source } = await seeded(from);
      const target = await createTestApp(into);
      try {
        const before = await everything(source.ctx);
        const file = path.join(source.dataDir, "backup.ndjson.gz");
        await backupDatabase(source.ctx, file);
        await restoreDatabase(target.ctx, file);
        await expectBackupState(target.ctx, before);
      } finally {
        await source.cleanup();
        await target.cleanup();
      }
    });
  });
}
