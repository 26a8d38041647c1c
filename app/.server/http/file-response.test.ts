import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "../storage";
import { readAll } from "../storage/storage";
import { fileResponse, parseRange } from "./file-response";
import { takeBody } from "./node-body";

describe("parseRange", () => {
  it("reads single ranges, suffixes and open ends", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ kind: "partial", start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-1,5-6", 100)).toEqual({ kind: "full" });
    expect(parseRange(null, 100)).toEqual({ kind: "full" });
  });
});

describe("fileResponse", () => {
  let dir: string;
  let storage: LocalStorage;
  const bytes = new TextEncoder().encode("0123456789abcdefghij");
  let sha256: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-file-"));
    storage = new LocalStorage(dir);
    ({ sha256 } = await storage.put("documents/a.txt", Readable.from([Buffer.from(bytes)])));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const file = () => ({
    key: "documents/a.txt",
    size: bytes.length,
    sha256,
    mimeType: "text/plain",
    fileName: "Notes.txt",
    disposition: "attachment" as const,
  });

  it("sends the whole file with length, ETag and safe headers", async () => {
    const res = await fileResponse(new Request("http://x/"), storage, file());
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Length")).toBe("20");
    expect(res.headers.get("ETag")).toBe(`"${sha256}"`);
    expect(res.headers.get("Content-Disposition")).toContain('attachment; filename="Notes.txt"');
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toBe("sandbox");
    expect(res.headers.get("Cache-Control")).toContain("no-transform");
    expect(await res.text()).toBe("0123456789abcdefghij");
  });

  it("answers with the storage's Node stream as the body, for the HTTP layer to pipe", async () => {
    const whole = takeBody(await fileResponse(new Request("http://x/"), storage, file()));
    expect(whole).toBeInstanceOf(Readable);
    expect((await readAll(whole as Readable)).toString()).toBe("0123456789abcdefghij");
    const part = takeBody(await fileResponse(new Request("http://x/", { headers: { Range: "bytes=5-9" } }), storage, file()));
    expect((await readAll(part as Readable)).toString()).toBe("56789");
  });

  it("opens no stream when there are no bytes to send: HEAD, 304, 416", async () => {
    const asked = [
      new Request("http://x/", { method: "HEAD" }),
      new Request("http://x/", { headers: { "If-None-Match": `"${sha256}"` } }),
      new Request("http://x/", { headers: { Range: "bytes=20-" } }),
    ];
    for (const request of asked) {
      const res = await fileResponse(request, storage, file());
      expect(res.body).toBeNull();
      expect(takeBody(res)).toBeUndefined();
    }
  });

  it("resumes with a range, honouring If-Range only for the current ETag", async () => {
    const partial = await fileResponse(
      new Request("http://x/", { headers: { Range: "bytes=10-", "If-Range": `"${sha256}"` } }),
      storage,
      file(),
    );
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Range")).toBe("bytes 10-19/20");
    expect(await partial.text()).toBe("abcdefghij");
    const stale = await fileResponse(new Request("http://x/", { headers: { Range: "bytes=10-", "If-Range": '"old"' } }), storage, file());
    expect(stale.status).toBe(200);
    expect(await stale.text()).toHaveLength(20);
  });

  it("answers 416 for a range past the end and 304 for a matching If-None-Match", async () => {
    const bad = await fileResponse(new Request("http://x/", { headers: { Range: "bytes=20-" } }), storage, file());
    expect(bad.status).toBe(416);
    expect(bad.headers.get("Content-Range")).toBe("bytes */20");
    const cached = await fileResponse(new Request("http://x/", { headers: { "If-None-Match": `"${sha256}"` } }), storage, file());
    expect(cached.status).toBe(304);
  });

  it("answers 404 with the spec's text when the object is gone from storage, and says so to the caller", async () => {
    const seen: string[] = [];
    const hooks = { onMissing: async () => void seen.push("missing"), onFound: async () => void seen.push("found") };
    const missing = { ...file(), key: "documents/missing.txt" };
    for (const init of [{}, { headers: { Range: "bytes=5-" } }]) {
      const res = await fileResponse(new Request("http://x/", init), storage, missing, hooks);
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("X-Download-Error")).toBe("file-missing");
      expect(res.headers.get("Content-Disposition")).toBeNull();
      expect(await res.text()).toBe("Document file not found");
    }
    expect(seen).toEqual(["missing", "missing"]);
  });

  it("answers HEAD as GET would: it asks the storage whether the object is there", async () => {
    const seen: string[] = [];
    const hooks = { onMissing: async () => void seen.push("missing"), onFound: async () => void seen.push("found") };
    const head = new Request("http://x/", { method: "HEAD" });
    const there = await fileResponse(head, storage, file(), hooks);
    expect(there.status).toBe(200);
    expect(there.headers.get("Content-Length")).toBe("20");
    expect(there.body).toBeNull();
    const gone = await fileResponse(head, storage, { ...file(), key: "documents/missing.txt" }, hooks);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("X-Download-Error")).toBe("file-missing");
    expect(seen).toEqual(["found", "missing"]);
  });
});
