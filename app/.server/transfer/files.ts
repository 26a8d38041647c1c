import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline as pipelineCallback, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { TransferError } from "./dump-format";

/**
 * File handling of the transfer commands: gzip'd line files written and read as streams (never a
 * whole table in memory), files that appear whole or not at all, and hashing while reading.
 */

export interface WrittenFile {
  bytes: number;
  sha256: string;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** Gzips `chunks` (whole lines) into `file`, which must not exist yet, and fsyncs it. */
export async function writeGzipFile(file: string, chunks: AsyncIterable<string>): Promise<WrittenFile> {
  const hash = createHash("sha256");
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.from(chunks), createGzip(), counter, createWriteStream(file, { flags: "wx" }));
    await fsyncPath(file);
  } catch (error) {
    // An existing file is someone else's: never remove it.
    if (errorCode(error) !== "EEXIST") await fs.rm(file, { force: true });
    throw error;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/**
 * The lines of a gzip'd text file, streamed. A missing file, a file that is not gzip and a gzip
 * stream that stops short (a truncated copy) become TransferErrors with a message for the operator.
 */
export async function* readGzipLines(file: string): AsyncGenerator<string> {
  const source = createReadStream(file);
  const text = pipelineCallback(source, createGunzip(), () => undefined);
  text.setEncoding("utf8");
  let rest = "";
  let decoded = false;
  try {
    for await (const chunk of text as AsyncIterable<string>) {
      decoded = true;
      rest += chunk;
      let start = 0;
      let newline = rest.indexOf("\n", start);
      while (newline >= 0) {
        yield rest.slice(start, newline);
        start = newline + 1;
        newline = rest.indexOf("\n", start);
      }
      rest = rest.slice(start);
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") throw new TransferError(`There is no file at ${file}.`);
    if (code === "EISDIR") throw new TransferError(`${file} is a folder, not a backup file.`);
    if (typeof code === "string" && code.startsWith("Z_")) {
      const why = error instanceof Error ? error.message : String(error);
      throw new TransferError(
        decoded
          ? `The backup is damaged or truncated: its compressed data stops short (${why}).`
          : "This file is not a portal backup: it is not gzip-compressed.",
      );
    }
    throw error;
  } finally {
    source.destroy();
  }
  // The writer ends every line with "\n": a remainder is what is left of a cut file, and the
  // reader's checks refuse it.
  if (rest !== "") yield rest;
}

/** Size and sha256 of a file, read as a stream. */
export async function hashFile(file: string): Promise<WrittenFile> {
  return hashStream(createReadStream(file));
}

export async function hashStream(stream: Readable): Promise<WrittenFile> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    hash.update(buffer);
    bytes += buffer.length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/**
 * Makes `file` through `write(tmp)` so that it appears whole or not at all (temp file beside it,
 * fsynced, then linked into place), and never replaces an existing file: a hard link fails when
 * the name is taken, where a rename would silently overwrite.
 */
export async function createFileAtomically<T>(file: string, write: (tmp: string) => Promise<T>): Promise<T> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    const result = await write(tmp);
    await fsyncPath(tmp);
    await linkWithoutReplacing(tmp, file);
    await fs.rm(tmp, { force: true });
    await fsyncPath(dir);
    return result;
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

async function linkWithoutReplacing(from: string, to: string): Promise<void> {
  try {
    await fs.link(from, to);
  } catch (error) {
    const code = errorCode(error);
    if (code === "EEXIST") throw new TransferError(`${to} already exists; choose a new name (nothing is ever overwritten).`);
    // A file system without hard links: check, then rename.
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
    if (await exists(to)) throw new TransferError(`${to} already exists; choose a new name (nothing is ever overwritten).`);
    await fs.rename(from, to);
  }
}

export async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    (error: unknown) => {
      if (errorCode(error) === "ENOENT") return false;
      throw error;
    },
  );
}

/** fsync of a file or a folder (a folder makes a rename or link in it durable), where supported. */
export async function fsyncPath(target: string): Promise<void> {
  const handle = await fs.open(target, "r");
  try {
    await handle.sync();
  } catch (error) {
    const code = errorCode(error);
    if (!(code === "EINVAL" || code === "EPERM" || code === "EISDIR" || code === "ENOTSUP")) throw error;
  } finally {
    await handle.close();
  }
}
