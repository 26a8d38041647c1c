/**
 * One contract, run against both drivers: LocalStorage in a temp directory and S3Storage against a
 * local s3rver (loopback only). Everything is created in temp directories and removed afterwards.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
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

    it("list() yields every finished object with its size, page after page, and no probe or half-written upload", async () => {
      const prefix = `test/list-${randomUUID()}`;
      // More than one S3 page (1,000 keys).
      const keys = Array.from({ length: 1005 }, (_, i) => `${prefix}/${String(i).padStart(4, "0")}.txt`);
      for (let i = 0; i < keys.length; i += 25) {
        await Promise.all(keys.slice(i, i + 25).map((key, j) => storage().put(key, Readable.from([Buffer.from("x".repeat(i + j))]))));
      }
      await storage().put("_health/probe.txt", Readable.from([Buffer.from("probe")]));
      const halfWritten = new Readable({ read() {} });
      halfWritten.push(Buffer.alloc(1024));
      const pending = storage().put(`${prefix}/in-flight.bin`, halfWritten);
      const before = Date.now();
      const listed = new Map<string, { size: number; modifiedAt: Date }>();
      for await (const object of storage().list()) {
        expect(listed.has(object.key)).toBe(false);
        listed.set(object.key, object);
      }
      const mine = [...listed.keys()].filter((key) => key.startsWith(prefix)).sort();
      expect(mine).toEqual(keys);
      expect(listed.get(keys[7]!)?.size).toBe(7);
      expect(listed.get(keys[1004]!)?.size).toBe(1004);
      expect(listed.get(keys[0]!)?.modifiedAt.getTime()).toBeLessThanOrEqual(before + 1000);
      expect([...listed.keys()].some((key) => key.startsWith("_health/"))).toBe(false);
      halfWritten.destroy(new Error("cancelled"));
      await expect(pending).rejects.toThrow("cancelled");
      await storage().delete("_health/probe.txt");
      for (let i = 0; i < keys.length; i += 25) await Promise.all(keys.slice(i, i + 25).map((key) => storage().delete(key)));
    }, 120_000);

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

describe("[local] uploads a crash left half-written", () => {
  it("removes the temp files of dead processes, and those nobody wrote to since the cutoff; never a finished object", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "portal-storage-sweep-"));
    try {
      const storage = new LocalStorage(path.join(dir, "files"));
      const key = newKey("kept.txt");
      await storage.put(key, Readable.from([Buffer.from("finished")]));
      // A process that has ended: its id names a writer that is gone.
      const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
      const deadPid = Number(ended.stdout);
      const now = new Date();
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const files = {
        dead: `${deadPid}-${randomUUID()}.part`,
        mineFresh: `${process.pid}-${randomUUID()}.part`,
        mineIdle: `${process.pid}-${randomUUID()}.part`,
        // Names that name no writer: a bare UUID starts with eight digits and a dash about one time
        // in 43, and was then read as a dead writer's id (CI failed on it once).
        unnamedIdle: `upload-${randomUUID()}.part`,
        unnamedFresh: `upload-${randomUUID()}.part`,
      };
      for (const name of Object.values(files)) await writeFile(path.join(storage.tmpDir, name), "half");
      for (const name of [files.mineIdle, files.unnamedIdle]) await utimes(path.join(storage.tmpDir, name), hourAgo, hourAgo);

      // A dry run (portal check) counts them and removes nothing.
      expect(await storage.sweepStaleUploads(new Date(now.getTime() - 60_000), { dryRun: true })).toBe(3);
      expect(await readdir(storage.tmpDir)).toHaveLength(5);
      expect(await storage.sweepStaleUploads(new Date(now.getTime() - 60_000))).toBe(3);
      expect((await readdir(storage.tmpDir)).sort()).toEqual([files.mineFresh, files.unnamedFresh].sort());
      expect((await readAll(await storage.get(key))).toString()).toBe("finished");
      expect(await storage.sweepStaleUploads(new Date(now.getTime() - 60_000))).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("names its temp files after the writing process, so the next start knows whose they are", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "portal-storage-sweep-"));
    try {
      const storage = new LocalStorage(path.join(dir, "files"));
      const body = new Readable({ read() {} });
      const writing = storage.put(newKey("slow.bin"), body);
      body.push(Buffer.alloc(1024));
      let names: string[] = [];
      for (let i = 0; i < 100 && names.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 10));
        names = await readdir(storage.tmpDir).catch(() => []);
      }
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(new RegExp(`^${process.pid}-[0-9a-f-]{36}\\.part$`));
      // Its writer is alive and it is fresh: a sweep leaves it alone.
      expect(await storage.sweepStaleUploads(new Date(Date.now() - 60_000))).toBe(0);
      body.push(null);
      await writing;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("[s3] uploads a crash left half-written", () => {
  it("asks the service for multipart uploads begun before the cutoff; a service that cannot list them is left to its lifecycle rule", async () => {
    const server = await startS3rver();
    const storage = new S3Storage({
      bucket: BUCKET,
      endpoint: server.endpoint,
      region: S3RVER_REGION,
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
    });
    const sent: string[] = [];
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? "");
        return next(args);
      },
      { step: "initialize", name: "recordCommands" },
    );
    try {
      await storage.ensureBucket();
      sent.length = 0;
      // s3rver answers NotImplemented to ListMultipartUploads: the sweep stops asking after the first time.
      expect(await storage.sweepStaleUploads(new Date())).toBe(0);
      expect(await storage.sweepStaleUploads(new Date())).toBe(0);
      expect(sent).toEqual(["ListMultipartUploadsCommand"]);
    } finally {
      storage.destroy();
      await server.stop();
    }
  });
});
