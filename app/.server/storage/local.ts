/**
 * Local-disk storage driver. Objects live at `${rootDir}/${key}`; uploads are written to a temp
 * file in `${rootDir}/.tmp/`, fsynced, renamed into place and the target directory fsynced, so a
 * crash leaves either the whole object or nothing at its key (at worst a stray temp file, named
 * after the writing process so the next start can tell it is dead: sweepStaleUploads).
 */
import { createHash, randomUUID } from "node:crypto";
import { type Dirent, constants as fsConstants } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { ByteRange, ListedObject, ObjectStat, Storage, StorageBody, StoredObject } from "./storage";
import { assertValidKey, assertValidRange, isListedKey, runStorageCheck, StorageNotFoundError, toReadable } from "./storage";

/** Name of the directory (inside the root) holding in-progress uploads. */
export const LOCAL_TMP_DIR = ".tmp";

export class LocalStorage implements Storage {
  readonly driver = "local" as const;
  readonly rootDir: string;
  readonly tmpDir: string;

  constructor(rootDir: string) {
    if (typeof rootDir !== "string" || rootDir.length === 0) {
      throw new TypeError("LocalStorage needs a root directory");
    }
    this.rootDir = path.resolve(rootDir);
    this.tmpDir = path.join(this.rootDir, LOCAL_TMP_DIR);
  }

  /** Absolute path for `key`, guaranteed to be inside the root (and outside `.tmp/`). */
  private pathFor(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.rootDir, ...key.split("/"));
    const relative = path.relative(this.rootDir, full);
    if (
      relative.length === 0 ||
      path.isAbsolute(relative) ||
      relative === ".." ||
      relative.startsWith(`..${path.sep}`) ||
      relative.split(path.sep)[0] === LOCAL_TMP_DIR
    ) {
      throw new TypeError(`Storage key resolves outside the storage root: ${JSON.stringify(key)}`);
    }
    return full;
  }

  async put(key: string, body: StorageBody, _options?: { contentType?: string }): Promise<StoredObject> {
    const source = toReadable(body);
    let target: string;
    try {
      target = this.pathFor(key);
    } catch (error) {
      source.destroy();
      throw error;
    }

    // The body may fail while the temp file is being opened, before anything reads it: keep its
    // error from going unhandled (the read loop below reports it).
    const ignoreUntilRead = (): void => undefined;
    source.on("error", ignoreUntilRead);

    const tmpPath = path.join(this.tmpDir, `${process.pid}-${randomUUID()}.part`);
    let handle: FileHandle | undefined;
    let renamed = false;
    try {
      await fs.mkdir(this.tmpDir, { recursive: true });
      handle = await fs.open(tmpPath, "wx", 0o644);
      if (source.errored) throw source.errored;

      const stored = await copyToFile(source, handle);
      source.off("error", ignoreUntilRead);

      await handle.sync();
      await handle.close();
      handle = undefined;

      const targetDir = path.dirname(target);
      await fs.mkdir(targetDir, { recursive: true });
      await fs.rename(tmpPath, target);
      renamed = true;
      await fsyncDirectory(targetDir);

      return stored;
    } catch (error) {
      source.off("error", ignoreUntilRead);
      if (!source.destroyed) source.destroy();
      if (handle) await handle.close().catch(() => undefined);
      await fs.rm(renamed ? target : tmpPath, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathFor(key);
    if (range) assertValidRange(range);

    let handle: FileHandle;
    try {
      handle = await fs.open(file, fsConstants.O_RDONLY);
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key, { cause: error });
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new StorageNotFoundError(key);
      if (range && range.start >= stat.size) {
        throw new RangeError(`Byte range ${range.start}-${range.end} starts past the end (${stat.size} bytes)`);
      }
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
    // The stream owns the handle from here on and closes it when it ends or is destroyed.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<ObjectStat | null> {
    const file = this.pathFor(key);
    try {
      const stat = await fs.stat(file);
      return stat.isFile() ? { size: stat.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    try {
      await fs.unlink(file);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
  }

  /** Walks the root one folder at a time; `.tmp/` and other dot names are not keys (assertValidKey). */
  async *list(): AsyncIterable<ListedObject> {
    const folders = [""];
    while (folders.length) {
      const prefix = folders.pop()!;
      let entries: Dirent[];
      try {
        entries = await fs.readdir(path.join(this.rootDir, ...prefix.split("/")), { withFileTypes: true });
      } catch (error) {
        // The root before the first upload, or a folder emptied while walking.
        if (isMissing(error)) continue;
        throw error;
      }
      for (const entry of entries) {
        if (entry.name.startsWith(".")) continue;
        const key = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) folders.push(key);
        else if (entry.isFile() && isListedKey(key)) {
          const stat = await fs.stat(path.join(this.rootDir, ...key.split("/"))).catch(() => null);
          if (stat) yield { key, size: stat.size, modifiedAt: stat.mtime };
        }
      }
    }
  }

  check(): Promise<void> {
    return runStorageCheck(this);
  }

  async sweepStaleUploads(staleBefore: Date, options?: { dryRun?: boolean }): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.tmpDir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith(".part")) continue;
      const file = path.join(this.tmpDir, name);
      const writer = Number(/^(\d+)-/.exec(name)?.[1] ?? Number.NaN);
      let stale = Number.isSafeInteger(writer) && writer !== process.pid && !processIsAlive(writer);
      if (!stale) {
        const stat = await fs.stat(file).catch(() => null);
        stale = stat !== null && stat.mtime < staleBefore;
      }
      if (
        stale &&
        (options?.dryRun ||
          (await fs.rm(file, { force: true }).then(
            () => true,
            () => false,
          )))
      )
        removed++;
    }
    return removed;
  }
}

/** Whether a process with this id runs on this machine (signal 0 tests without sending anything). */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Writes every byte of `source` to `handle`, hashing on the way. Awaiting each write gives
 * back-pressure: the source is read no faster than the disk takes it. A source error (e.g. a size
 * limit destroying the stream) is thrown as is; a write error ends the loop, which destroys the
 * source.
 */
async function copyToFile(source: Readable, handle: FileHandle): Promise<StoredObject> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of source) {
    const bytes: Buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    if (bytes.length === 0) continue;
    hash.update(bytes);
    size += bytes.length;
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
      offset += bytesWritten;
    }
  }
  return { size, sha256: hash.digest("hex") };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Makes a rename inside `dir` durable. Platforms that cannot fsync a directory are tolerated. */
async function fsyncDirectory(dir: string): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await fs.open(dir, fsConstants.O_RDONLY);
  } catch (error) {
    if (process.platform === "win32") return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (!(code === "EINVAL" || code === "EPERM" || code === "EISDIR" || code === "ENOTSUP")) throw error;
  } finally {
    await handle.close();
  }
}
