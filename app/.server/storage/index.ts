/**
 * The storage layer's entry point: `createStorage(config)` picks the driver once, from the parsed
 * config (S3-compatible when `config.s3` is set, else local disk under `${dataDir}/files`).
 * Callers keep the returned instance; there is no global singleton here.
 */
import path from "node:path";

import { LocalStorage } from "./local";
import type { S3StorageOptions } from "./s3";
import { S3Storage } from "./s3";
import type { Storage } from "./storage";

export interface StorageConfig {
  dataDir: string;
  s3: S3StorageOptions | null;
}

export function createStorage(config: StorageConfig): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, "files"));
}

export { LOCAL_TMP_DIR, LocalStorage } from "./local";
export type { S3StorageOptions } from "./s3";
export { S3_PART_SIZE, S3_QUEUE_SIZE, S3Storage } from "./s3";
export type { ByteRange, ListedObject, ObjectStat, Storage, StorageBody, StoredObject } from "./storage";
export {
  assertValidKey,
  assertValidRange,
  generateStorageKey,
  StorageNotFoundError,
  safeExtension,
} from "./storage";
