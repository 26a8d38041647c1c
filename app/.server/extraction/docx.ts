/**
 * DOCX: mammoth's raw text, as one unit (Word files carry no reliable page breaks; the page
 * count Word recorded is reported beside it).
 */

import type { ExtractionLimits } from "./limits";
import { declaredCount, officeThumbnail } from "./office";
import { type Reading, readingOf } from "./reading";
import { normaliseText, TextBudget } from "./text";
import type { ZipArchive } from "./zip";

export async function readDocx(bytes: Uint8Array, zip: ZipArchive, limits: ExtractionLimits): Promise<Reading> {
  // mammoth unzips with JSZip, which believes the sizes a zip declares and has no budget. So every
  // part it may parse (XML and relationships) is inflated here first, through the budget and
  // yauzl's size checks; only a file that passes is handed to mammoth.
  for (const name of zip.names()) if (/\.(xml|rels)$/i.test(name)) for await (const _ of zip.stream(name));
  const pageCount = await declaredCount(zip, "Pages");
  const mammoth = (await import("mammoth")).default;
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  const budget = new TextBudget(limits.maxTextBytes);
  const text = budget.take(normaliseText(value));
  return readingOf(
    { kind: "docx", unit: "whole", pages: [{ number: 1, text }], pageCount, truncated: budget.truncated },
    { thumbnail: () => officeThumbnail(zip, limits) },
  );
}
