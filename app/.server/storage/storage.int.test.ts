/**
 * One contract, run against both drivers: LocalStorage in a temp directory and S3Storage against a
 * local s3rver (loopback only). Everything is created in temp directories and removed afterwards.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { S3RVER_CREDENTIALS, S3RVER_REGION, startS3rver } from "../../../tests/support/s3rver";
import { LocalStorage } from "./local";
import { S3_PART_SIZE, S3Storage } from "./s3";
import type { Storage } from "./storage";
import { generateStorageKey, StorageNotFoundError } from "./storage";

const BUCKET = "portal-test";
const LARGE_SIZE = 20 * 1024 * 1024;
const CHUNK = 64 * 1024;

interface Harness {
  storage: Storage;
  /**
   * Staged data the driver did not clean up: local, files in `.tmp/`; S3, multipart uploads that
   * were started but neither completed nor aborted. (s3rver does not implement
   * AbortMultipartUpload, so for S3 this checks that the driver asked for the abort.)
   */
  leftovers(): Promise<string[]>;
  teardown(): Promise<void>;
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Streams `bytes` in 64 KiB chunks, asynchronously, like a request body would arrive. */
function streamOf(bytes: Buffer): Readable {
  let offset = 0;
  return new Readable({
    read() {
      setImmediate(() => {
        if (offset >= bytes.length) {
          this.push(null);
          return;
        }
        const end = Math.min(offset + CHUNK, bytes.length);
        this.push(bytes.subarray(offset, end));
        offset = end;
      });
    },
  });
}

/** Pushes `bytesBeforeError` random bytes, then destroys itself with `error` (like a size limit). */
function failingStream(bytesBeforeError: number, error: Error): Readable {
  let sent = 0;
  return new Readable({
    read() {
      setImmediate(() => {
        if (sent >= bytesBeforeError) {
          this.destroy(error);
          return;
        }
        const n = Math.min(CHUNK, bytesBeforeError - sent);
        sent += n;
        this.push(randomBytes(n));
      });
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function newKey(originalName = "file.bin"): string {
  return generateStorageKey({ prefix: "test/contract", originalName });
}

function storageContract(name: "local" | "s3", setup: () => Promise<Harness>): void {
  describe(`[${name}]`, () => {
    let harness: Harness | undefined;
    const storage = (): Storage => {
      if (!harness) throw new Error("harness not set up");
      return harness.storage;
    };

    beforeAll(async () => {
      harness = await setup();
    }, 30_000);

    afterAll(async () => {
      await harness?.teardown();
    }, 30_000);

    it("reports its driver", () => {
      expect(storage().driver).toBe(name);
    });

    it("round-trips a small body with the right size and sha256", async () => {
      const key = newKey("hello.txt");
      const bytes = Buffer.from("Hello, Baidoa!\n".repeat(100), "utf8");
      const stored = await storage().put(key, streamOf(bytes), { contentType: "text/plain" });
      expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });
      expect(await storage().stat(key)).toEqual({ size: bytes.length });
      expect((await readAll(await storage().get(key))).equals(bytes)).toBe(true);
      await storage().delete(key);
    });

    it("round-trips an empty body", async () => {
      const key = newKey("empty.txt");
      const stored = await storage().put(key, Readable.from([]));
      expect(stored).toEqual({ size: 0, sha256: sha256(Buffer.alloc(0)) });
      expect(await storage().stat(key)).toEqual({ size: 0 });
      expect((await readAll(await storage().get(key))).length).toBe(0);
      await storage().delete(key);
    });

    it("accepts string chunks", async () => {
      const key = newKey("text.txt");
      const stored = await storage().put(key, Readable.from(["abc", "déf"], { objectMode: false }));
      const expected = Buffer.from("abcdéf", "utf8");
      expect(stored).toEqual({ size: expected.length, sha256: sha256(expected) });
      expect((await readAll(await storage().get(key))).equals(expected)).toBe(true);
      await storage().delete(key);
    });

    describe("a 20 MB body", () => {
      const bytes = randomBytes(LARGE_SIZE);
      const key = newKey("large.pdf");

      it("round-trips (multipart on S3)", async () => {
        const stored = await storage().put(key, streamOf(bytes), { contentType: "application/pdf" });
        expect(stored.size).toBe(LARGE_SIZE);
        expect(stored.sha256).toBe(sha256(bytes));
        expect(await storage().stat(key)).toEqual({ size: LARGE_SIZE });
        const back = await readAll(await storage().get(key));
        expect(back.length).toBe(LARGE_SIZE);
        expect(sha256(back)).toBe(stored.sha256);
      }, 60_000);

      it("serves ranges across a part boundary and at the end", async () => {
        const start = S3_PART_SIZE - 10;
        const end = S3_PART_SIZE + 9;
        expect((await readAll(await storage().get(key, { start, end }))).equals(bytes.subarray(start, end + 1))).toBe(true);
        const last = await readAll(await storage().get(key, { start: LARGE_SIZE - 1, end: LARGE_SIZE - 1 }));
        expect(last.equals(bytes.subarray(LARGE_SIZE - 1))).toBe(true);
        await storage().delete(key);
        expect(await storage().stat(key)).toBeNull();
      }, 60_000);
    });

    describe("range reads", () => {
      const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7 + 3) % 256));
      const key = newKey("range.bin");

      beforeAll(async () => {
        await storage().put(key, streamOf(bytes));
      });

      afterAll(async () => {
        await storage().delete(key);
      });

      it.each([
        ["first byte", 0, 0],
        ["middle", 100, 199],
        ["last byte", 999, 999],
        ["whole object", 0, 999],
      ])("%s", async (_label, start, end) => {
        const part = await readAll(await storage().get(key, { start, end }));
        expect(part.equals(bytes.subarray(start, end + 1))).toBe(true);
      });

      it("clamps an end past the end of the object", async () => {
        const part = await readAll(await storage().get(key, { start: 990, end: 5000 }));
        expect(part.equals(bytes.subarray(990))).toBe(true);
      });

      it("rejects a range that starts past the end", async () => {
        await expect(storage().get(key, { start: 1000, end: 1001 })).rejects.toBeInstanceOf(RangeError);
      });

      it("rejects a malformed range", async () => {
        await expect(storage().get(key, { start: 10, end: 5 })).rejects.toBeInstanceOf(RangeError);
      });
    });

    it("stat of a missing key is null", async () => {
      expect(await storage().stat(newKey())).toBeNull();
    });

    it("get of a missing key rejects with StorageNotFoundError", async () => {
      await expect(storage().get(newKey())).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage().get(newKey(), { start: 0, end: 0 })).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it("delete removes the object", async () => {
      const key = newKey();
      await storage().put(key, streamOf(Buffer.from("to be deleted")));
      expect(await storage().stat(key)).not.toBeNull();
      await storage().delete(key);
      expect(await storage().stat(key)).toBeNull();
      await expect(storage().get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it("delete of a missing key is fine", async () => {
      await expect(storage().delete(newKey())).resolves.toBeUndefined();
    });

    it("put replaces an existing object", async () => {
      const key = newKey();
      await storage().put(key, streamOf(Buffer.from("first version, longer")));
      const second = Buffer.from("second");
      expect(await storage().put(key, streamOf(second))).toEqual({ size: 6, sha256: sha256(second) });
      expect((await readAll(await storage().get(key))).equals(second)).toBe(true);
      await storage().delete(key);
    });

    it.each([
      ["a few bytes", 1000],
      ["more than one S3 part", S3_PART_SIZE + 3 * CHUNK],
      ["more than two S3 parts", 2 * S3_PART_SIZE + CHUNK],
    ])(
      "a body that errors after %s: put rejects with that error and leaves nothing",
      async (_label, bytesBeforeError) => {
        const key = newKey();
        const tooBig = new Error("too big");
        const body = failingStream(bytesBeforeError, tooBig);
        await expect(storage().put(key, body)).rejects.toBe(tooBig);
        expect(body.destroyed).toBe(true);
        expect(await storage().stat(key)).toBeNull();
        await expect(storage().get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
        expect(await harness?.leftovers()).toEqual([]);
      },
      60_000,
    );

    it("a body destroyed synchronously after its first push makes put reject with that error", async () => {
      const key = newKey();
      const tooBig = new Error("too big");
      const body = new Readable({ read() {} });
      body.push(Buffer.from("some bytes"));
      const pending = storage().put(key, body);
      body.destroy(tooBig);
      await expect(pending).rejects.toBe(tooBig);
      expect(await storage().stat(key)).toBeNull();
      expect(await harness?.leftovers()).toEqual([]);
    });

    it("a body destroyed without an error makes put reject", async () => {
      const key = newKey();
      const body = new Readable({ read() {} });
      body.push(Buffer.from("some bytes"));
      const pending = storage().put(key, body);
      setImmediate(() => body.destroy());
      await expect(pending).rejects.toThrow();
      expect(await storage().stat(key)).toBeNull();
      expect(await harness?.leftovers()).toEqual([]);
    });

    it.each(["../escape.txt", "/abs.txt", "a//b", "a\\b", ".tmp/x", "a/../../b", "a b"])(
      "rejects the unsafe key %j everywhere",
      async (key) => {
        await expect(storage().put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow(/storage key/i);
        await expect(storage().get(key)).rejects.toThrow(/storage key/i);
        await expect(storage().stat(key)).rejects.toThrow(/storage key/i);
        await expect(storage().delete(key)).rejects.toThrow(/storage key/i);
      },
    );

    it("check() resolves", async () => {
      await expect(storage().check()).resolves.toBeUndefined();
    });
  });
}

storageContract("local", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "portal-storage-local-"));
  const storage = new LocalStorage(path.join(dir, "files"));
  return {
    storage,
    async leftovers() {
      return readdir(storage.tmpDir).catch(() => []);
    },
    async teardown() {
      await rm(dir, { recursive: true, force: true });
    },
  };
});

storageContract("s3", async () => {
  const server = await startS3rver();
  const storage = new S3Storage({
    bucket: BUCKET,
    endpoint: server.endpoint,
    region: S3RVER_REGION,
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
  });
  const openUploads = new Set<string>();
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { UploadId?: string };
      if (context.commandName === "CompleteMultipartUploadCommand" || context.commandName === "AbortMultipartUploadCommand") {
        if (input.UploadId) openUploads.delete(input.UploadId);
      }
      const result = await next(args);
      if (context.commandName === "CreateMultipartUploadCommand") {
        const uploadId = (result.output as { UploadId?: string }).UploadId;
        if (uploadId) openUploads.add(uploadId);
      }
      return result;
    },
    { step: "initialize", name: "trackMultipartUploads" },
  );
  try {
    await storage.ensureBucket();
    await storage.ensureBucket(); // idempotent
  } catch (error) {
    storage.destroy();
    await server.stop();
    throw error;
  }
  return {
    storage,
    async leftovers() {
      return [...openUploads];
    },
    async teardown() {
      storage.destroy();
      await server.stop();
    },
  };
});

describe("LocalStorage specifics", () => {
  let dir = "";

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "portal-storage-local-extra-"));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("stores the object at root/key and leaves .tmp empty", async () => {
    const storage = new LocalStorage(dir);
    const key = "documents/2026/03/1-abc.txt";
    await storage.put(key, Readable.from([Buffer.from("on disk")]));
    expect(await readdir(path.join(dir, "documents", "2026", "03"))).toEqual(["1-abc.txt"]);
    expect(await readdir(path.join(dir, ".tmp"))).toEqual([]);
    await storage.delete(key);
  });

  it("check() leaves no probe object behind", async () => {
    const storage = new LocalStorage(dir);
    await storage.check();
    expect(await readdir(path.join(dir, "_health"))).toEqual([]);
    expect(await readdir(path.join(dir, ".tmp"))).toEqual([]);
  });
});
