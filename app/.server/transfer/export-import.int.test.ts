import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestEngine, testEngines } from "../../../tests/support/engines";
import type { AppContext } from "../context";
import { loadDemoContent } from "../demo/demo.service";
import type { S3Storage } from "../storage";
import { readAll } from "../storage/storage";
import { createUser } from "../users/users.service";
import { exportInstallation } from "./export";
import { hashFile } from "./files";
import { importInstallation } from "./import";
import { DATABASE_FILE, MANIFEST_FILE, type Manifest } from "./manifest";
import { TABLE_NAMES } from "./tables";
import { editGzipLines, FIXTURE_FILES, type LocalS3, readEveryTable, seedEveryTable, startLocalS3 } from "./transfer.testing";

const NOW = new Date("2026-03-15T10:00:00.000Z");
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Every stored file the database names (documents, attachments, dashboard thumbnails), with the sha256 read back from storage. */
async function storedFiles(ctx: AppContext): Promise<Record<string, string>> {
  const docs = await ctx.db.kysely.selectFrom("documents").select("file_path").where("file_path", "is not", null).execute();
  const attachments = await ctx.db.kysely.selectFrom("document_attachments").select("file_path").execute();
  const thumbnails = await ctx.db.kysely
    .selectFrom("dashboards")
    .select("thumbnail_key as file_path")
    .where("thumbnail_key", "is not", null)
    .execute();
  expect(thumbnails.length).toBeGreaterThan(0);
  const out: Record<string, string> = {};
  for (const { file_path } of [...docs, ...attachments, ...thumbnails])
    out[file_path!] = sha256(await readAll(await ctx.storage.get(file_path!)));
  return out;
}

async function newExportDir(t: TestApp): Promise<string> {
  const dir = path.join(t.dataDir, `export-${Math.random().toString(36).slice(2)}`);
  await fs.mkdir(dir);
  return dir;
}

async function readManifestFile(dir: string): Promise<Manifest> {
  return JSON.parse(await fs.readFile(path.join(dir, MANIFEST_FILE), "utf8")) as Manifest;
}

/** Source: demo content and the every-table fixture on `engine` with local files; exported once. */
function exportedSource(engine: TestEngine) {
  const state = {} as { source: TestApp; dir: string; manifest: Manifest };
  beforeAll(async () => {
    state.source = await createTestApp(engine, { now: () => NOW });
    await loadDemoContent(state.source.ctx);
    await seedEveryTable(state.source.ctx, { activityRows: 600 });
    state.dir = await newExportDir(state.source);
    state.manifest = (await exportInstallation(state.source.ctx, state.dir)).manifest;
  }, 120_000);
  afterAll(async () => state.source?.cleanup());
  return state;
}

async function expectSameInstallation(source: AppContext, target: AppContext) {
  expect(await readEveryTable(target)).toEqual(await readEveryTable(source));
  const files = await storedFiles(source);
  expect(Object.keys(files).length).toBeGreaterThan(40);
  expect(await storedFiles(target)).toEqual(files);
}

for (const engine of testEngines()) {
  describe(`[${engine}] export and import between installations of the same engine`, () => {
    const exported = exportedSource(engine);
    let target: TestApp;

    beforeEach(async () => {
      target = await createTestApp(engine);
    });
    afterEach(async () => target.cleanup());

    it("exports the database, every referenced file and a manifest with counts and checksums", async () => {
      const { dir, manifest, source } = exported;
      expect((await fs.readdir(dir)).sort()).toEqual([DATABASE_FILE, "files", MANIFEST_FILE]);
      expect(manifest.database).toEqual({ file: DATABASE_FILE, ...(await hashFile(path.join(dir, DATABASE_FILE))) });
      const rows = await readEveryTable(source.ctx);
      expect(manifest.tables).toEqual(Object.fromEntries(TABLE_NAMES.map((t) => [t, rows[t]!.length])));
      const files = await storedFiles(source.ctx);
      expect(manifest.files.map((f) => f.key)).toEqual(Object.keys(files).sort());
      for (const file of manifest.files) {
        const bytes = await fs.readFile(path.join(dir, "files", file.key));
        expect({ size: bytes.length, sha256: sha256(bytes) }).toEqual({ size: file.size, sha256: files[file.key] });
      }
      expect((await fs.readdir(path.join(dir, "files"))).sort()).toEqual(["dashboard-thumbnails", "documents"]); // no temp folder left
    });

    it("imports into an empty installation: every row and every file, read back and compared", async () => {
      const report = await importInstallation(target.ctx, exported.dir);
      expect(report.ok).toBe(true);
      expect(report.files).toMatchObject({
        expected: exported.manifest.files.length,
        matched: exported.manifest.files.length,
        problems: [],
      });
      expect(report.tables.every((t) => t.expected === t.found)).toBe(true);
      await expectSameInstallation(exported.source.ctx, target.ctx);
    });

    it("refuses a target that has users, and copies nothing", async () => {
      await createUser(target.ctx, { email: "someone@example.org", password: "their-pass", role: "admin" });
      const before = await readEveryTable(target.ctx);
      await expect(importInstallation(target.ctx, exported.dir)).rejects.toThrow(/already has users or documents/);
      expect(await readEveryTable(target.ctx)).toEqual(before);
      for (const file of FIXTURE_FILES) expect(await target.ctx.storage.stat(file.key)).toBeNull();
    });

    it("removes the files it copied when the database load fails, and leaves the database empty", async () => {
      const dir = await newExportDir(target);
      await fs.cp(exported.dir, dir, { recursive: true });
      // A document in a folder that does not exist: counts and checksums agree, the load breaks a foreign key.
      await editGzipLines(path.join(dir, DATABASE_FILE), (lines) =>
        lines.map((l) =>
          l.includes('"t":"documents"') && l.includes("00000000-0000-4000-8002-000000000001")
            ? l.replace(/"folder_id":"[^"]+"/, '"folder_id":"no-such-folder"')
            : l,
        ),
      );
      const manifest = await readManifestFile(dir);
      manifest.database = { file: DATABASE_FILE, ...(await hashFile(path.join(dir, DATABASE_FILE))) };
      await fs.writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest));

      await expect(importInstallation(target.ctx, dir)).rejects.toThrow(
        /The database was not changed, and the \d+ files copied were removed again/,
      );
      for (const file of manifest.files) expect(await target.ctx.storage.stat(file.key)).toBeNull();
      for (const rows of Object.values(await readEveryTable(target.ctx))) expect(rows).toEqual([]);
    });

    it("refuses an export whose files or database file were changed, before loading anything", async () => {
      const dir = await newExportDir(target);
      await fs.cp(exported.dir, dir, { recursive: true });
      const victim = exported.manifest.files[3]!;
      await fs.appendFile(path.join(dir, "files", victim.key), "tampered");
      await expect(importInstallation(target.ctx, dir)).rejects.toThrow(
        new RegExp(
          `files/${victim.key} is not the file the manifest describes[^]*Nothing was imported; the files copied so far were removed again`,
        ),
      );
      for (const file of exported.manifest.files) expect(await target.ctx.storage.stat(file.key)).toBeNull();

      await fs.appendFile(path.join(dir, DATABASE_FILE), "x");
      await expect(importInstallation(target.ctx, dir)).rejects.toThrow(/database.ndjson.gz is not the file the manifest describes/);
      const manifest = await readManifestFile(dir);
      manifest.files = manifest.files.filter((f) => f.key !== victim.key);
      await fs.writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest));
      await fs.rm(path.join(dir, DATABASE_FILE));
      await fs.cp(path.join(exported.dir, DATABASE_FILE), path.join(dir, DATABASE_FILE));
      await expect(importInstallation(target.ctx, dir)).rejects.toThrow(
        `The database names 1 file(s) the export does not carry: ${victim.key}.`,
      );
      await fs.rm(path.join(dir, MANIFEST_FILE));
      await expect(importInstallation(target.ctx, dir)).rejects.toThrow(/manifest.json is missing: .* is not a finished export/);
      for (const rows of Object.values(await readEveryTable(target.ctx))) expect(rows).toEqual([]);
    });
  });

  describe(`[${engine}] export refusals`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => NOW });
      await seedEveryTable(t.ctx, { activityRows: 3 });
    });
    afterEach(async () => t.cleanup());

    it("refuses a missing or non-empty folder", async () => {
      await expect(exportInstallation(t.ctx, path.join(t.dataDir, "nowhere"))).rejects.toThrow(/does not exist: create an empty folder/);
      const dir = await newExportDir(t);
      await fs.writeFile(path.join(dir, "something"), "x");
      await expect(exportInstallation(t.ctx, dir)).rejects.toThrow(/is not empty/);
    });

    it("lists referenced files missing from storage or differing from their recorded sha256, and writes no manifest", async () => {
      const [pdf, csv] = FIXTURE_FILES;
      await t.ctx.storage.delete(pdf.key);
      await t.ctx.storage.put(csv.key, Readable.from([Buffer.from("not the recorded bytes")]));
      const dir = await newExportDir(t);
      const error = await exportInstallation(t.ctx, dir).then(
        () => new Error("the export succeeded"),
        (e: unknown) => e as Error,
      );
      expect(error.message).toContain(
        `1 file(s) the database refers to are missing from storage:\n  ${pdf.key} (documents 00000000-0000-4000-8003-000000000001)`,
      );
      expect(error.message).toMatch(
        new RegExp(
          `1 file\\(s\\) differ from what the database recorded:\\n  ${csv.key} \\(documents 00000000-0000-4000-8003-000000000002\\): recorded ${csv.bytes.length} bytes`,
        ),
      );
      expect(error.message).toMatch(/unfinished \(it has no manifest.json\)/);
      expect(await fs.readdir(dir)).not.toContain(MANIFEST_FILE);
    });
  });
}

if (testEngines().includes("postgres")) {
  describe("[postgres] moving up: SQLite + local files to PostgreSQL + S3", () => {
    const exported = exportedSource("sqlite");
    let s3: LocalS3;
    let target: TestApp;

    beforeAll(async () => {
      s3 = await startLocalS3();
      target = await createTestApp("postgres", { env: s3.env("portal-moved") });
      await (target.ctx.storage as S3Storage).ensureBucket();
    }, 60_000);
    afterAll(async () => {
      await target?.cleanup();
      (target?.ctx.storage as S3Storage | undefined)?.destroy();
      await s3?.stop();
    });

    it("imports the demo installation: every row of every table and every file's sha256 read back from S3", async () => {
      expect(target.ctx.db.engine).toBe("postgres");
      expect(target.ctx.storage.driver).toBe("s3");
      expect(exported.manifest.source).toMatchObject({ engine: "sqlite", storage: "local" });
      const report = await importInstallation(target.ctx, exported.dir);
      expect(report.ok).toBe(true);
      expect(report.files.matched).toBe(exported.manifest.files.length);
      expect(report.files.bytes).toBe(exported.manifest.totals.bytes);
      await expectSameInstallation(exported.source.ctx, target.ctx);
      // The S3 objects themselves, not only through the app's reads.
      const s3Storage = target.ctx.storage as S3Storage;
      for (const file of exported.manifest.files) expect(await s3Storage.stat(file.key)).toEqual({ size: file.size });
    }, 120_000);

    it("then refuses a second import into the now live installation", async () => {
      await expect(importInstallation(target.ctx, exported.dir)).rejects.toThrow(/already has users or documents/);
    });
  });
}
