import { createHash } from "node:crypto";
import fs from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { type RunningS3rver, s3rverEnv, startS3rver } from "../../../tests/support/s3rver";
import { createDocument } from "../documents/documents.service";
import { generateStorageKey, S3Storage } from "../storage";
import { createUser } from "../users/users.service";

/**
 * Downloads through the real HTTP stack (Express, the React Router handler, the route): the file
 * is piped from storage into the socket as a Node stream (decision 0027), and every rule of a
 * file answer still holds: Range, If-Range, 416, If-None-Match, HEAD, no compression, and a
 * client that goes away closes the file. On both engines and both storage drivers.
 */
const STORAGES = ["local", "s3"] as const;

/** Larger than any socket buffer of the loopback, so a paused client holds the server mid-file. */
const SIZE = 24 * 1024 * 1024;
/** Byte i is i mod 251: any range can be checked by its offsets. */
function patterned(start: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) bytes[i] = (start + i) % 251;
  return bytes;
}
const fileBytes = patterned(0, SIZE);

/** The descriptors this process holds open on `file` (the routes run in this process). */
function openDescriptors(file: string): number {
  const dir = "/proc/self/fd";
  return fs.readdirSync(dir).filter((fd) => {
    try {
      return fs.readlinkSync(path.join(dir, fd)) === file;
    } catch {
      return false;
    }
  }).length;
}

let vite: ViteDevServer;
let s3: RunningS3rver | undefined;
beforeAll(async () => {
  vite = await startVite();
  s3 = await startS3rver();
});
afterAll(async () => {
  await vite.close();
  await s3?.stop();
});

for (const engine of testEngines()) {
  for (const storage of STORAGES) {
    describe(`[${engine}] file downloads over HTTP (${storage} storage)`, () => {
      let t: TestApp;
      let http: HttpApp;
      let url: string;
      let etag: string;
      let storedFile: string;

      beforeAll(async () => {
        const env = storage === "s3" ? s3rverEnv(s3!.endpoint, `downloads-${Math.random().toString(36).slice(2, 10)}`) : {};
        t = await createTestApp(engine, { env });
        if (t.ctx.storage instanceof S3Storage) await t.ctx.storage.ensureBucket();
        const admin = await createUser(t.ctx, { email: "admin@example.org", password: "admin-pass", role: "admin" });
        const key = generateStorageKey({ prefix: "documents", originalName: "site-list.pdf" });
        const stored = await t.ctx.storage.put(key, Readable.from([fileBytes]));
        const doc = await createDocument(t.ctx, {
          title: "Site list",
          description: null,
          category: "Report",
          tags: [],
          published: true,
          uploadedBy: admin.id,
          file: { key, originalName: "site-list.pdf", ext: "pdf", mimeType: "application/pdf", size: stored.size, sha256: stored.sha256 },
        });
        url = `/api/documents/${doc.id}/download`;
        etag = `"${stored.sha256}"`;
        storedFile = path.join(t.dataDir, "files", ...key.split("/"));
        http = await startHttpApp(vite, t.ctx);
      });
      afterAll(async () => {
        await http?.close();
        await t.cleanup();
      });

      it("sends the whole file, uncompressed, with its length, ETag and safe headers", async () => {
        const res = await http.get(url, { headers: { "Accept-Encoding": "br, gzip" } });
        expect(res.status).toBe(200);
        expect(res.headers.get("Content-Length")).toBe(String(SIZE));
        expect(res.headers.get("Content-Encoding")).toBeNull();
        expect(res.headers.get("ETag")).toBe(etag);
        expect(res.headers.get("Content-Type")).toBe("application/pdf");
        expect(res.headers.get("Content-Disposition")).toContain("attachment");
        expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
        expect(res.headers.get("Cache-Control")).toContain("no-transform");
        const body = Buffer.from(await res.arrayBuffer());
        expect(createHash("sha256").update(body).digest("hex")).toBe(etag.slice(1, -1));
      });

      it("resumes with a Range, and sends the whole file when If-Range names another version", async () => {
        const start = 10_000_000;
        const partial = await http.get(url, { headers: { Range: `bytes=${start}-${start + 999}`, "If-Range": etag } });
        expect(partial.status).toBe(206);
        expect(partial.headers.get("Content-Range")).toBe(`bytes ${start}-${start + 999}/${SIZE}`);
        expect(partial.headers.get("Content-Length")).toBe("1000");
        expect(Buffer.from(await partial.arrayBuffer()).equals(patterned(start, 1000))).toBe(true);
        const stale = await http.get(url, { headers: { Range: "bytes=0-9", "If-Range": '"older"' } });
        expect(stale.status).toBe(200);
        expect((await stale.arrayBuffer()).byteLength).toBe(SIZE);
      });

      it("answers 416 past the end, 304 to its ETag and HEAD without a body", async () => {
        const past = await http.get(url, { headers: { Range: `bytes=${SIZE}-` } });
        expect(past.status).toBe(416);
        expect(past.headers.get("Content-Range")).toBe(`bytes */${SIZE}`);
        const cached = await http.get(url, { headers: { "If-None-Match": etag } });
        expect(cached.status).toBe(304);
        expect(await cached.text()).toBe("");
        const head = await http.get(url, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(head.headers.get("Content-Length")).toBe(String(SIZE));
        expect(await head.text()).toBe("");
        if (storage === "local") expect(openDescriptors(storedFile)).toBe(0);
      });

      // The file's descriptor is this process's only on local disk.
      if (storage === "local")
        it("closes the file when the client goes away mid-download", async () => {
          await new Promise<void>((resolve, reject) => {
            const req = get(`${http.origin}${url}`, (res) => {
              res.pause();
              // The server has filled the socket's buffers and waits for the client: the file is open.
              setTimeout(() => {
                try {
                  expect(openDescriptors(storedFile)).toBe(1);
                  req.destroy();
                  resolve();
                } catch (error) {
                  reject(error);
                }
              }, 300);
            });
            req.on("error", () => undefined);
          });
          await expect.poll(() => openDescriptors(storedFile), { timeout: 5_000 }).toBe(0);
        });
    });
  }
}
