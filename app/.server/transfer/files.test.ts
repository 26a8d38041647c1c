import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFileAtomically, hashFile, readGzipLines, writeGzipFile } from "./files";

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-transfer-files-"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function* chunks(items: string[]): AsyncGenerator<string> {
  for (const item of items) yield item;
}

async function readLines(file: string): Promise<string[]> {
  const out: string[] = [];
  for await (const line of readGzipLines(file)) out.push(line);
  return out;
}

describe("gzip line files", () => {
  it("round-trips many lines, multi-byte text across chunk boundaries included", async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `{"i":${i},"text":"Baydhabo – ${"ééé".repeat(i % 7)} 🙂"}`);
    const file = path.join(dir, "lines.gz");
    const written = await writeGzipFile(file, chunks(lines.map((l) => `${l}\n`)));
    expect(await hashFile(file)).toEqual(written);
    expect(await readLines(file)).toEqual(lines);
  });

  it("calls a cut file damaged or truncated, and a file that is not gzip not a backup", async () => {
    const file = path.join(dir, "lines.gz");
    await writeGzipFile(file, chunks(Array.from({ length: 5000 }, () => `${randomBytes(30).toString("hex")}\n`)));
    const bytes = await fs.readFile(file);
    await fs.writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(readLines(file)).rejects.toThrow(/damaged or truncated: its compressed data stops short/);

    await fs.writeFile(file, "just text\n");
    await expect(readLines(file)).rejects.toThrow(/not gzip-compressed/);
    await expect(readLines(path.join(dir, "missing.gz"))).rejects.toThrow(/There is no file at/);
  });

  it("gives back a last line without its newline (the reader's checks then refuse it)", async () => {
    const file = path.join(dir, "cut.gz");
    await fs.writeFile(file, gzipSync('{"a":1}\n{"b":'));
    expect(await readLines(file)).toEqual(['{"a":1}', '{"b":']);
  });

  it("never writes over an existing file, and leaves it alone", async () => {
    const file = path.join(dir, "taken.gz");
    await fs.writeFile(file, "keep me");
    await expect(writeGzipFile(file, chunks(["x\n"]))).rejects.toThrow(/EEXIST/);
    expect(await fs.readFile(file, "utf8")).toBe("keep me");
  });
});

describe("createFileAtomically", () => {
  it("makes the file appear whole, and leaves no temp file", async () => {
    const file = path.join(dir, "backup.gz");
    await createFileAtomically(file, (tmp) => fs.writeFile(tmp, "whole"));
    expect(await fs.readFile(file, "utf8")).toBe("whole");
    expect(await fs.readdir(dir)).toEqual(["backup.gz"]);
  });

  it("refuses an existing name without touching it, and cleans up after a failed write", async () => {
    const file = path.join(dir, "backup.gz");
    await fs.writeFile(file, "old");
    await expect(createFileAtomically(file, (tmp) => fs.writeFile(tmp, "new"))).rejects.toThrow(/already exists/);
    expect(await fs.readFile(file, "utf8")).toBe("old");
    const other = path.join(dir, "other.gz");
    await expect(
      createFileAtomically(other, async (tmp) => {
        await fs.writeFile(tmp, "half");
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    expect(await fs.readdir(dir)).toEqual(["backup.gz"]);
  });
});
