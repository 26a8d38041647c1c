/**
 * The engine through its child process: ordinary files come back with their text, and hostile
 * ones (hangs, bombs, huge files, memory blow-ups) end with a clear status while this process,
 * the parent, stays unharmed.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  makeDocxBomb,
  makeEncryptedPdf,
  makeManyCellXlsx,
  makeManyPagePdf,
  makeNestedFormPdf,
  makeScannedPdf,
  makeTextPdf,
  ordinaryFiles,
  WORDS,
} from "../../../tests/support/extraction-files";
import { makeDocx } from "../../../tests/support/office-files";
import { DEFAULT_LIMITS, extractFile, FAILURE_REASONS } from "./extract";

let dir: string;
let ordinary: Awaited<ReturnType<typeof ordinaryFiles>>;
const hostile: Record<string, string> = {};
let baselineRss = 0;

/** Writes a generated file to disk: the engine's usual input is a stored file's path. */
function save(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "extraction-test-"));
  ordinary = await ordinaryFiles();
  hostile.hang = save("hang.pdf", makeNestedFormPdf(9, 10));
  hostile.pages = save(
    "pages.pdf",
    makeManyPagePdf(5000, (n) => `page ${n} word${n}`),
  );
  hostile.bomb = save("bomb.docx", makeDocxBomb(2));
  hostile.liar = save("liar.docx", makeDocxBomb(2, { lieAboutSize: true }));
  hostile.cells = save("million.xlsx", makeManyCellXlsx(1_000_000));
  // 30 MB of paragraphs: within the inflate budget, but a DOM of it outgrows a small heap.
  hostile.heavy = save("heavy.docx", makeDocx(Array.from({ length: 300_000 }, (_, i) => `paragraph ${i} of a very long report`)));
  hostile.scan = save("scan.pdf", await makeScannedPdf(4, 500_000));
  hostile.locked = save("locked.pdf", makeEncryptedPdf("secret", "open sesame"));
  const whole = await makeTextPdf([["one"], ["two"]]);
  hostile.cut = save("cut.pdf", whole.subarray(0, Math.floor(whole.length * 0.6)));
  hostile.disguised = save("disguised.docx", ordinary.pdf!.bytes);
  baselineRss = process.memoryUsage().rss;
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("extraction in a child process", () => {
  it("reads a stored PDF by its path: text per page, page count, thumbnail", async () => {
    const result = await extractFile({ path: save("report.pdf", ordinary.pdf!.bytes), name: "report.pdf", mime: "application/pdf" });
    expect(result).toMatchObject({ status: "done", reason: null, kind: "pdf", pageCount: 3, truncated: false, detail: null });
    expect(result.pages.find((p) => p.text.includes(WORDS.pdf))?.number).toBe(2);
    expect(result.thumbnail?.width).toBe(320);
    expect(result.thumbnail!.bytes.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxThumbnailBytes);
    expect(result.elapsedMs).toBeGreaterThan(0);
  });

  it("reads every other type from bytes, each word where it belongs", async () => {
    for (const [type, word] of [
      ["docx", WORDS.docx],
      ["xlsx", WORDS.xlsx],
      ["pptx", WORDS.pptx],
      ["txt", WORDS.txt],
      ["csv", WORDS.csv],
    ] as const) {
      const file = ordinary[type]!;
      const result = await extractFile({ bytes: file.bytes, name: file.name });
      expect(result.status, type).toBe("done");
      expect(
        result.pages.some((p) => p.text.includes(word)),
        type,
      ).toBe(true);
    }
    const image = await extractFile({ bytes: ordinary.png!.bytes, ext: "png" });
    expect(image).toMatchObject({ status: "done", kind: "image", thumbnail: { width: 320, height: 160 } });
  });

  it("kills a file that hangs at the time limit, one file at a time", async () => {
    const started = performance.now();
    const limits = { timeoutMs: 2000 };
    const [a, b] = await Promise.all([
      extractFile({ path: hostile.hang!, name: "hang.pdf" }, { limits }),
      extractFile({ path: hostile.hang!, name: "hang.pdf" }, { limits }),
    ]);
    for (const result of [a!, b!]) {
      expect(result).toMatchObject({ status: "failed", reason: FAILURE_REASONS.timedOut });
      expect(result.elapsedMs).toBeGreaterThanOrEqual(2000);
      expect(result.elapsedMs).toBeLessThan(4000);
    }
    // The second waited for the first: never two children at once.
    expect(performance.now() - started).toBeGreaterThanOrEqual(4000);
  });

  it("reads a PDF of 5,000 pages up to the page cap, within the limits", async () => {
    const result = await extractFile({ path: hostile.pages!, name: "pages.pdf" });
    expect(result).toMatchObject({ status: "done", pageCount: 5000, truncated: true });
    expect(result.pages).toHaveLength(DEFAULT_LIMITS.maxPdfPages);
    expect(result.pages.at(-1)!.text).toBe(`page ${DEFAULT_LIMITS.maxPdfPages} word${DEFAULT_LIMITS.maxPdfPages}`);
    expect(result.elapsedMs).toBeLessThan(DEFAULT_LIMITS.timeoutMs);
  }, 90_000); // a few seconds here, but bounded only by the extraction's own limit on a busy machine

  it("refuses DOCX zip bombs without inflating them", async () => {
    const honest = await extractFile({ path: hostile.bomb!, name: "bomb.docx" });
    expect(honest).toMatchObject({ status: "failed", reason: FAILURE_REASONS.tooLarge });
    const liar = await extractFile({ path: hostile.liar!, name: "liar.docx" });
    expect(liar).toMatchObject({ status: "failed", reason: FAILURE_REASONS.damaged });
    expect(honest.elapsedMs + liar.elapsedMs).toBeLessThan(10_000);
  });

  it("reads a spreadsheet of a million cells up to the text limit", async () => {
    const result = await extractFile({ path: hostile.cells!, name: "million.xlsx" });
    expect(result).toMatchObject({ status: "done", truncated: true, pageCount: 1 });
    expect(result.textBytes).toBeLessThanOrEqual(DEFAULT_LIMITS.maxTextBytes);
  });

  it("ends a child whose memory blows up as too large, not as a crash of the server", async () => {
    const result = await extractFile({ path: hostile.heavy!, name: "heavy.docx" }, { limits: { heapMb: 64 } });
    expect(result).toMatchObject({ status: "failed", reason: FAILURE_REASONS.tooLarge });
    expect(result.detail).toMatch(/memory|SIGKILL|SIGABRT/i);
  });

  it("passes the readers' verdicts through: scan, encryption, damage, disguise", async () => {
    const scan = await extractFile({ path: hostile.scan!, name: "scan.pdf" });
    expect(scan).toMatchObject({ status: "failed", reason: FAILURE_REASONS.scanned, pageCount: 4 });
    expect(scan.thumbnail?.width).toBe(320);
    expect((await extractFile({ path: hostile.locked!, name: "locked.pdf" })).reason).toBe(FAILURE_REASONS.encryptedPdf);
    expect((await extractFile({ path: hostile.cut!, name: "cut.pdf" })).reason).toBe(FAILURE_REASONS.damaged);
    expect((await extractFile({ path: hostile.disguised!, name: "disguised.docx" })).reason).toBe(FAILURE_REASONS.mismatch);
    expect((await extractFile({ bytes: new Uint8Array([1, 2, 3]), name: "archive.zip" })).reason).toBe(FAILURE_REASONS.unsupported);
  });

  it("rejects a path that does not exist: the caller's problem, not the file's", async () => {
    await expect(extractFile({ path: path.join(dir, "missing.pdf"), name: "missing.pdf" })).rejects.toThrow(/ENOENT/);
  });

  it("leaves the parent's memory where it was", () => {
    const grownMb = (process.memoryUsage().rss - baselineRss) / 1024 / 1024;
    expect(grownMb).toBeLessThan(64);
  });
});
