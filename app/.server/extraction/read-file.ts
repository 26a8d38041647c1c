/**
 * Reading one file, inside the child process: which kind it is, then that kind's reader. Every
 * failure becomes an outcome with its reason; nothing a file contains makes this throw.
 */

import { readDocx } from "./docx";
import { type DeclaredType, declaredExtension, identify, requireOfficeFolder } from "./file-kind";
import type { ExtractionLimits } from "./limits";
import { readPdf } from "./pdf";
import { readPlainText } from "./plain-text";
import { readPptx } from "./pptx";
import { type Reading, readingOf } from "./reading";
import { FAILURE_REASONS, type FileKind, failedOutcome, ReadFailure, type ReadOutcome, type Thumbnail } from "./result";
import { imageThumbnail } from "./thumbnail";
import { readXlsx } from "./xlsx";
import { ZipArchive } from "./zip";

export type FileInput = DeclaredType & { bytes: Uint8Array };

export async function readFile(input: FileInput, limits: ExtractionLimits): Promise<Reading> {
  let kind: FileKind | null = null;
  try {
    kind = identify(declaredExtension(input), input.bytes);
    if (kind === "pdf") return await readPdf(input.bytes, limits);
    if (kind === "text") return readPlainText(input.bytes, limits);
    if (kind === "image") return await readImage(input.bytes, limits);
    return await readOffice(kind, input.bytes, limits);
  } catch (error) {
    return { outcome: outcomeOfError(error, kind) };
  }
}

/** An image has no text: its thumbnail is the whole reading, so an image that cannot be decoded is damaged. */
async function readImage(bytes: Uint8Array, limits: ExtractionLimits): Promise<Reading> {
  let thumbnail: Thumbnail;
  try {
    thumbnail = await imageThumbnail(bytes, limits);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = /pixel limit/i.test(message) ? FAILURE_REASONS.tooLarge : FAILURE_REASONS.damaged;
    throw new ReadFailure(reason, `sharp: ${message}`);
  }
  return readingOf({ kind: "image", unit: null, pages: [], pageCount: null }, { thumbnail: async () => thumbnail });
}

async function readOffice(kind: "docx" | "xlsx" | "pptx", bytes: Uint8Array, limits: ExtractionLimits): Promise<Reading> {
  const zip = await ZipArchive.open(bytes, limits);
  try {
    requireOfficeFolder(kind, zip.names());
    const reading =
      kind === "docx" ? await readDocx(bytes, zip, limits) : kind === "xlsx" ? await readXlsx(zip, limits) : await readPptx(zip, limits);
    // The zip stays open for the thumbnail, which is read from it.
    return { ...reading, release: async () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * A reader's exception as an outcome. Allocation failures that V8 survives (a string or buffer
 * too long) mean the file is too large; anything else unexpected means the library could not
 * make sense of the bytes.
 */
export function outcomeOfError(error: unknown, kind: FileKind | null): ReadOutcome {
  if (error instanceof ReadFailure) return failedOutcome(error.reason, error.message, { kind });
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const tooLarge = error instanceof RangeError && /allocation|string length|array length|buffer size/i.test(message);
  return failedOutcome(tooLarge ? FAILURE_REASONS.tooLarge : FAILURE_REASONS.damaged, message, { kind });
}

/** The second step of a reading, in this process: the thumbnail (its failure only loses the thumbnail), then release. */
export async function finishReading(reading: Reading): Promise<{ thumbnail: Thumbnail | null; detail: string | null }> {
  try {
    return { thumbnail: (await reading.thumbnail?.()) ?? null, detail: null };
  } catch (error) {
    return { thumbnail: null, detail: `thumbnail: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await reading.release?.().catch(() => undefined);
  }
}

/** Both steps at once, without a child process: for tests of the readers and for callers that are already isolated. */
export async function readFileCompletely(input: FileInput, limits: ExtractionLimits): Promise<ReadOutcome> {
  const reading = await readFile(input, limits);
  const { thumbnail, detail } = await finishReading(reading);
  return { ...reading.outcome, thumbnail, detail: reading.outcome.detail ?? detail };
}
