import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/config";
import type { AppContext } from "~/.server/context";
import { builtAssets, chooseEncoding, readBuiltAssets } from "./built-assets";
import { createHttpApp } from "./http";
import { precompressFolder } from "./precompress";

describe("chooseEncoding", () => {
  const both = ["br", "gzip"] as const;
  it("prefers brotli, then gzip, then the file as it is, whatever order the client names them in", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseEncoding("gzip, deflate", both)).toBe("gzip");
    expect(chooseEncoding("x-gzip", both)).toBe("gzip");
    expect(chooseEncoding("deflate", both)).toBe("identity");
    expect(chooseEncoding(undefined, both)).toBe("identity");
    expect(chooseEncoding("", both)).toBe("identity");
    expect(chooseEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(chooseEncoding("br, gzip", [])).toBe("identity");
  });

  it("follows q-values, never choosing a coding the client refused with q=0", () => {
    expect(chooseEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0", both)).toBe("identity");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8", both)).toBe("gzip");
    expect(chooseEncoding("BR ; Q=1.0, gzip;q=1", both)).toBe("br");
    expect(chooseEncoding("*", both)).toBe("br");
    expect(chooseEncoding("*;q=0", both)).toBe("identity");
    expect(chooseEncoding("*;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("identity, br;q=0.5", both)).toBe("identity");
    expect(chooseEncoding("br;q=0.5", both)).toBe("br");
    expect(chooseEncoding("br;q=nonsense, gzip", both)).toBe("gzip");
  });
});

/**
 * The built files as production serves them: a folder as the build leaves it (precompressed by
 * precompress.ts), through the whole Express app of server/http.ts, compression middleware included.
 */
describe("built assets over HTTP", () => {
  let dir: string;
  let server: Server;
  let origin: string;
  // Compressible and large: the compression middleware would compress it if it were let.
  const script = Buffer.from(`export const rows = [${Array.from({ length: 2000 }, (_, i) => `"row ${i}"`).join(",")}];\n`);
  const icon = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(80)}</svg>`);
  const image = randomBytes(4096);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-assets-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "entry-AbC123.js"), script);
    fs.writeFileSync(path.join(dir, "assets", "photo-AbC123.png"), image);
    fs.writeFileSync(path.join(dir, "assets", "tiny-AbC123.txt"), "ok");
    fs.writeFileSync(path.join(dir, "favicon.svg"), icon);
    fs.writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");
    fs.mkdirSync(path.join(dir, ".vite"));
    fs.writeFileSync(path.join(dir, ".vite", "manifest.json"), "{}");
    await precompressFolder(dir);
    const ctx = { config: parseConfig({ NODE_ENV: "test", DATA_DIR: dir }), log: pino({ level: "silent" }) } as AppContext;
    // No page is asked for: the React Router build is never loaded, and no page cache is needed.
    const app = createHttpApp(
      ctx,
      { mode: "production", build: () => Promise.reject(new Error("no pages here")), assets: builtAssets(readBuiltAssets(dir)) },
      { pageCache: false },
    );
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The answer's bytes exactly as sent (fetch would decompress them). */
  function get(pathname: string, headers: Record<string, string> = {}, method = "GET") {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = request(`${origin}${pathname}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("makes brotli and gzip copies at build time only where they save bytes", () => {
    const has = (name: string) => fs.existsSync(path.join(dir, name));
    expect(has("assets/entry-AbC123.js.br") && has("assets/entry-AbC123.js.gz")).toBe(true);
    expect(has("favicon.svg.br") && has("favicon.svg.gz")).toBe(true);
    expect(has("assets/photo-AbC123.png.br") || has("assets/photo-AbC123.png.gz")).toBe(false);
    expect(has("assets/tiny-AbC123.txt.br") || has("assets/tiny-AbC123.txt.gz")).toBe(false);
    expect(has(".vite/manifest.json.br")).toBe(false);
  });

  it("sends the brotli copy with the original's type, its length, Vary and a year of caching", async () => {
    const res = await get("/assets/entry-AbC123.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["content-length"]).toBe(String(res.body.length));
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Compressed once, by the build: decompressing once gives the file.
    expect(zlib.brotliDecompressSync(res.body).equals(script)).toBe(true);
    expect(res.body.length).toBeLessThan(script.length / 3);
  });

  it("sends gzip to a client without brotli, and the file as it is to one without either", async () => {
    const gzipped = await get("/assets/entry-AbC123.js", { "Accept-Encoding": "br;q=0, gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).equals(script)).toBe(true);
    // deflate is what the compression middleware would use here: it must leave the file alone.
    for (const acceptEncoding of ["deflate", "identity", "br;q=0, gzip;q=0, deflate"]) {
      const plain = await get("/assets/entry-AbC123.js", { "Accept-Encoding": acceptEncoding });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-length"]).toBe(String(script.length));
      expect(plain.body.equals(script)).toBe(true);
    }
  });

  it("gives each encoding its own ETag, and answers 304 to the one the client has", async () => {
    const br = await get("/assets/entry-AbC123.js", { "Accept-Encoding": "br" });
    const gz = await get("/assets/entry-AbC123.js", { "Accept-Encoding": "gzip" });
    expect(br.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const cached = await get("/assets/entry-AbC123.js", { "Accept-Encoding": "br", "If-None-Match": String(br.headers.etag) });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    expect(cached.headers.etag).toBe(br.headers.etag);
    expect(cached.headers.vary).toContain("Accept-Encoding");
    const other = await get("/assets/entry-AbC123.js", { "Accept-Encoding": "br", "If-None-Match": String(gz.headers.etag) });
    expect(other.status).toBe(200);
  });

  it("answers HEAD with the headers of the GET and no body", async () => {
    const head = await get("/favicon.svg", { "Accept-Encoding": "gzip" }, "HEAD");
    const full = await get("/favicon.svg", { "Accept-Encoding": "gzip" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ["content-type", "content-encoding", "content-length", "etag", "cache-control"]) {
      expect(head.headers[name]).toBe(full.headers[name]);
    }
    expect(full.headers["content-type"]).toBe("image/svg+xml");
    expect(full.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("sends the service worker as JavaScript to be checked again every time (decision 0036)", async () => {
    const worker = await get("/sw.js", {});
    expect(worker.status).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
  });

  it("sends files without copies as they are, without Vary", async () => {
    const photo = await get("/assets/photo-AbC123.png", { "Accept-Encoding": "gzip, br" });
    expect(photo.headers["content-type"]).toBe("image/png");
    expect(photo.headers["content-encoding"]).toBeUndefined();
    expect(photo.headers.vary ?? "").not.toContain("Accept-Encoding");
    expect(photo.body.equals(image)).toBe(true);
  });

  it("passes on what is not a built file: the copies and hidden files by their own names, other methods", async () => {
    const app = express();
    app.use(builtAssets(readBuiltAssets(dir)));
    app.use((_req, res) => void res.status(404).send("not a built file"));
    const alone = createServer(app);
    await new Promise<void>((resolve) => alone.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(alone.address() as AddressInfo).port}`;
    try {
      for (const pathname of ["/assets/entry-AbC123.js.br", "/favicon.svg.gz", "/.vite/manifest.json", "/assets/", "/assets/%E0%A4%A"]) {
        expect((await fetch(`${base}${pathname}`)).status).toBe(404);
      }
      expect((await fetch(`${base}/favicon.svg`, { method: "POST" })).status).toBe(404);
      expect((await fetch(`${base}/favicon.svg`)).status).toBe(200);
    } finally {
      alone.closeAllConnections();
      await new Promise((resolve) => alone.close(resolve));
    }
  });
});
