import { describe, expect, it } from "vitest";
import { entry, zerosEntry, zipFiles, zipOf } from "../../../tests/support/zip-writer";
import { DEFAULT_LIMITS } from "./limits";
import { FAILURE_REASONS, ReadFailure } from "./result";
import { ZipArchive } from "./zip";

const MiB = 1024 * 1024;

async function failureOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return error instanceof ReadFailure ? error.reason : `unexpected: ${String(error)}`;
  }
}

describe("ZipArchive", () => {
  it("lists entries and reads them", async () => {
    const zip = await ZipArchive.open(zipFiles({ "a.xml": "<a>é</a>", "b/c.txt": "hello" }), DEFAULT_LIMITS);
    expect(zip.names().sort()).toEqual(["a.xml", "b/c.txt"]);
    expect(await zip.readText("a.xml")).toBe("<a>é</a>");
    expect(await zip.readText("missing.xml")).toBeNull();
    expect(zip.inflatedBytes).toBe(Buffer.byteLength("<a>é</a>"));
    zip.close();
  });

  it("refuses an entry whose declared size does not fit the budget, before inflating it", async () => {
    const zip = await ZipArchive.open(zipOf([zerosEntry("big.xml", 2048)]), DEFAULT_LIMITS); // 2 GiB of zeros, 2 MB
    expect(await failureOf(() => zip.read("big.xml"))).toBe(FAILURE_REASONS.tooLarge);
    expect(zip.inflatedBytes).toBe(0);
    zip.close();
  });

  it("stops an entry that inflates past the size it declares", async () => {
    const zip = await ZipArchive.open(zipOf([zerosEntry("liar.xml", 64, 1024)]), DEFAULT_LIMITS);
    expect(await failureOf(() => zip.read("liar.xml"))).toBe(FAILURE_REASONS.damaged);
    expect(zip.inflatedBytes).toBeLessThan(2 * MiB);
    zip.close();
  });

  it("counts every entry read against one total", async () => {
    const zip = await ZipArchive.open(zipOf([zerosEntry("a", 3), zerosEntry("b", 3)]), { ...DEFAULT_LIMITS, maxInflatedBytes: 5 * MiB });
    await zip.read("a");
    expect(await failureOf(() => zip.read("b"))).toBe(FAILURE_REASONS.tooLarge);
    zip.close();
  });

  it("refuses a zip of too many entries, and bytes that are no zip", async () => {
    const many = zipOf(Array.from({ length: 30 }, (_, i) => entry(`f${i}`, "x")));
    expect(await failureOf(() => ZipArchive.open(many, { ...DEFAULT_LIMITS, maxZipEntries: 20 }))).toBe(FAILURE_REASONS.tooLarge);
    expect(await failureOf(() => ZipArchive.open(new Uint8Array(Buffer.from("PK\u0003\u0004 not really a zip")), DEFAULT_LIMITS))).toBe(
      FAILURE_REASONS.damaged,
    );
  });
});
