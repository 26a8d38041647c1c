import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { addFolderDocument, insertFolder } from "../../../tests/support/folders";
import { type RunningS3rver, s3rverEnv, startS3rver } from "../../../tests/support/s3rver";
import { unpackZip } from "../../../tests/support/zip-reader";
import { takeBody } from "../http/node-body";
import { generateStorageKey, S3Storage } from "../storage";
import { folderZip, folderZipOffer } from "./folder-zip";
import { findSharedFolder } from "./folders.service";

/**
 * Issue 15 item 5: "Download all" of a folder is a ZIP of exactly its published files, under the
 * spec's download names (repeated ones numbered), byte for byte; drafts never; refused above
 * FOLDER_ZIP_MAX_MB. On both engines and both storage drivers.
 */
const STORAGES = ["local", "s3"] as const;

let s3: RunningS3rver | undefined;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.stop());

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

for (const engine of testEngines()) {
  for (const storage of STORAGES) {
    describe(`[${engine}] a folder as one ZIP (${storage} storage)`, () => {
      let t: TestApp;
      afterEach(async () => t.cleanup());

      async function start(env: Record<string, string> = {}) {
        const s3Env = storage === "s3" ? s3rverEnv(s3!.endpoint, `zip-${Math.random().toString(36).slice(2, 10)}`) : {};
        t = await createTestApp(engine, { env: { ...s3Env, ...env } });
        if (t.ctx.storage instanceof S3Storage) await t.ctx.storage.ensureBucket();
      }

      const addFolder = async (name: string) => {
        const folder = await insertFolder(t.ctx, { name, isPublic: true, shared: true });
        return { ...folder, token: folder.token! };
      };

      async function addDocument(folderId: string, title: string, published: boolean, bytes: Uint8Array | null, ext = "pdf") {
        let file = null;
        if (bytes) {
          const key = generateStorageKey({ prefix: "documents", originalName: `upload.${ext}`, now: new Date() });
          const stored = await t.ctx.storage.put(key, Readable.from([bytes]));
          file = { key, originalName: `upload.${ext}`, ext, mimeType: "application/pdf", size: stored.size, sha256: stored.sha256 };
        }
        return addFolderDocument(t.ctx, { title, folderId, published, file });
      }

      const get = (path: string, method = "GET") => new Request(`http://localhost${path}`, { method });

      it("unpacks to exactly the published files, with the spec's names and their bytes", async () => {
        await start();
        const folder = await addFolder("Baidoa site plans 2026");
        const files = {
          plan: randomBytes(300_000),
          plan2: randomBytes(1_000),
          somali: randomBytes(70_000),
          sheet: randomBytes(12_345),
          draft: randomBytes(5_000),
        };
        await addDocument(folder.id, "Site plan", true, files.plan);
        await addDocument(folder.id, "Site plan", true, files.plan2);
        await addDocument(folder.id, "Warbixinta xeryaha (Baydhabo)", true, files.somali);
        await addDocument(folder.id, "Rations", true, files.sheet, "xlsx");
        await addDocument(folder.id, "Canary draft", false, files.draft);
        await addDocument(folder.id, "No file yet", true, null);
        const other = await addFolder("Other");
        await addDocument(other.id, "Not in this folder", true, randomBytes(100));

        const found = await findSharedFolder(t.ctx, folder.token);
        expect(found).toEqual({ id: folder.id, name: folder.name });
        const offer = await folderZipOffer(t.ctx, folder.id);
        const published = [files.plan, files.plan2, files.somali, files.sheet];
        expect(offer).toMatchObject({ files: 4, bytes: published.reduce((n, b) => n + b.length, 0), tooLarge: false });

        const response = await folderZip(t.ctx, get(`/shared/folder/${folder.token}/zip`), found!);
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toBe("application/zip");
        expect(response.headers.get("Content-Disposition")).toBe(
          `attachment; filename="Baidoa_site_plans_2026.zip"; filename*=UTF-8''Baidoa_site_plans_2026.zip`,
        );
        expect(response.headers.get("Cache-Control")).toContain("no-transform");
        const zip = Buffer.from(await response.arrayBuffer());
        // yazl predicted the archive's exact length, so the browser shows progress.
        expect(Number(response.headers.get("Content-Length"))).toBe(zip.length);

        const entries = await unpackZip(zip);
        // The shared folder page's order (by title); a repeated name is numbered, never overwritten.
        expect([...entries.keys()]).toEqual(["Rations.xlsx", "Site_plan.pdf", "Site_plan_2.pdf", "Warbixinta_xeryaha__Baydhabo_.pdf"]);
        expect(new Set(entries.values())).toEqual(new Set(published.map(sha256)));
        expect([...entries.values()]).not.toContain(sha256(files.draft));
        expect(entries.get("Rations.xlsx")).toBe(sha256(files.sheet));
      });

      it("answers HEAD with the length and no body, and refuses a folder without published files", async () => {
        await start();
        const folder = await addFolder("Drafts only");
        await addDocument(folder.id, "Canary draft", false, randomBytes(2_000));
        const empty = await folderZip(t.ctx, get("/admin/folders/x/zip"), folder);
        expect(empty.status).toBe(404);
        expect(await empty.text()).toBe("This folder has no published files to download.");

        await addDocument(folder.id, "Minutes", true, randomBytes(2_000));
        const head = await folderZip(t.ctx, get("/admin/folders/x/zip", "HEAD"), folder);
        expect(head.status).toBe(200);
        expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(2_000);
        expect(head.body).toBeNull();
      });

      it("refuses a folder larger than FOLDER_ZIP_MAX_MB with 413 and the reason", async () => {
        await start({ FOLDER_ZIP_MAX_MB: "1" });
        const folder = await addFolder("Large maps");
        await addDocument(folder.id, "Map A", true, randomBytes(600_000));
        await addDocument(folder.id, "Map B", true, randomBytes(500_000));
        expect(await folderZipOffer(t.ctx, folder.id)).toMatchObject({ files: 2, maxBytes: 1024 * 1024, tooLarge: true });
        const response = await folderZip(t.ctx, get("/admin/folders/x/zip"), folder);
        expect(response.status).toBe(413);
        expect(await response.text()).toBe(
          "This folder is too large to download at once (1.05 MB; the limit is 1 MB). Download the documents one by one.",
        );
        // Exactly at the limit is allowed.
        await t.ctx.db.kysely.updateTable("documents").set({ published: 0 }).where("title", "=", "Map B").execute();
        const fits = await folderZip(t.ctx, get("/admin/folders/x/zip"), folder);
        expect(fits.status).toBe(200);
        (takeBody(fits) as Readable).destroy();
      });
    });
  }
}
