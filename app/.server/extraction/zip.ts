/**
 * Reading parts of an Office file (a zip) under a budget: the zip-bomb defence. Every entry read
 * counts its declared size before a byte is inflated and its actual bytes while inflating, against
 * one total for the file; yauzl also stops a stream whose actual size differs from the size the
 * central directory declares (`validateEntrySizes`). Entries are streamed, never inflated whole
 * unless a caller asks for a small one.
 *
 * yauzl rather than fflate: it inflates with Node's zlib (native, several times faster than a
 * JavaScript inflater), reads entries on demand from the central directory, and checks sizes itself.
 */

import yauzl, { type Entry, type ZipFile } from "yauzl";
import type { ExtractionLimits } from "./limits";
import { FAILURE_REASONS, ReadFailure } from "./result";

export type ZipLimits = Pick<ExtractionLimits, "maxZipEntries" | "maxInflatedBytes">;

export class ZipArchive {
  private inflated = 0;

  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly limits: ZipLimits,
  ) {}

  /** Reads the central directory; too many entries or an unreadable directory end the reading. */
  static async open(bytes: Uint8Array, limits: ZipLimits): Promise<ZipArchive> {
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
        autoClose: false,
        validateEntrySizes: true,
        strictFileNames: false,
      });
    } catch (error) {
      throw new ReadFailure(FAILURE_REASONS.damaged, `zip: ${message(error)}`);
    }
    if (zip.entryCount > limits.maxZipEntries) {
      zip.close();
      throw new ReadFailure(FAILURE_REASONS.tooLarge, `zip: ${zip.entryCount} entries (at most ${limits.maxZipEntries})`);
    }
    const entries = new Map<string, Entry>();
    try {
      for await (const entry of zip.eachEntry()) if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
    } catch (error) {
      zip.close();
      throw new ReadFailure(FAILURE_REASONS.damaged, `zip: ${message(error)}`);
    }
    return new ZipArchive(zip, entries, limits);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Bytes inflated so far, over every entry read. */
  get inflatedBytes(): number {
    return this.inflated;
  }

  /**
   * The entry's bytes, chunk by chunk. Throws "Too large to read" when the declared size does not
   * fit what is left of the budget, or the bytes outgrow it; "Damaged file" when the entry cannot
   * be inflated or its size is not the declared one. Stopping early (break) frees the stream.
   */
  async *stream(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new ReadFailure(FAILURE_REASONS.damaged, `zip: no entry ${name}`);
    if (entry.isEncrypted() || !entry.canDecodeFileData())
      throw new ReadFailure(FAILURE_REASONS.damaged, `zip: ${name} is encrypted or uses compression method ${entry.compressionMethod}`);
    const left = this.limits.maxInflatedBytes - this.inflated;
    if (entry.uncompressedSize > left)
      throw new ReadFailure(FAILURE_REASONS.tooLarge, `zip: ${name} declares ${entry.uncompressedSize} bytes, ${left} left to inflate`);
    let stream: NodeJS.ReadableStream;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch (error) {
      throw new ReadFailure(FAILURE_REASONS.damaged, `zip: ${name}: ${message(error)}`);
    }
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        this.inflated += chunk.length;
        if (this.inflated > this.limits.maxInflatedBytes)
          throw new ReadFailure(FAILURE_REASONS.tooLarge, `zip: more than ${this.limits.maxInflatedBytes} bytes inflated`);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof ReadFailure) throw error;
      throw new ReadFailure(FAILURE_REASONS.damaged, `zip: ${name}: ${message(error)}`);
    }
  }

  /** A whole entry in memory, for small parts (relationships, workbook, properties, thumbnails). */
  async read(name: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.stream(name)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** A small entry as text, or null when absent. */
  async readText(name: string): Promise<string | null> {
    return this.has(name) ? (await this.read(name)).toString("utf8") : null;
  }

  close(): void {
    this.zip.close();
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
