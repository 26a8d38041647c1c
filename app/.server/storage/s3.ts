/**
 * S3-compatible storage driver (AWS S3, MinIO, Garage, Ceph RGW, s3rver in tests).
 *
 * Uploads stream through a hashing Transform into `@aws-sdk/lib-storage`'s `Upload`: bodies up to
 * one part (8 MiB) become a single PutObject sent only after the body has fully arrived; larger
 * ones become a multipart upload that only appears at its key on CompleteMultipartUpload. If the
 * body fails midway, `Upload` stops and aborts the multipart upload, so nothing shows at the key.
 */
import { createHash } from "node:crypto";
import { pipeline, Readable, Transform } from "node:stream";

import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { ByteRange, ListedObject, ObjectStat, Storage, StorageBody, StoredObject } from "./storage";
import { assertValidKey, assertValidRange, isListedKey, runStorageCheck, StorageNotFoundError, toReadable } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  /** e.g. "http://127.0.0.1:9000" for a self-hosted server; omit for AWS. */
  endpoint?: string;
  region: string;
  /** Both or neither; when omitted the AWS SDK's default credential chain applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `true` for most self-hosted servers (bucket in the path, not in the host name). */
  forcePathStyle: boolean;
}

/** Multipart part size; memory per upload is about partSize x (queueSize + 1). */
export const S3_PART_SIZE = 8 * 1024 * 1024;
export const S3_QUEUE_SIZE = 2;

export class S3Storage implements Storage {
  readonly driver = "s3" as const;
  readonly bucket: string;
  readonly client: S3Client;

  constructor(options: S3StorageOptions) {
    if (!options.bucket) throw new TypeError("S3Storage needs a bucket name");
    if (!options.region) throw new TypeError("S3Storage needs a region");
    if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
      throw new TypeError("S3Storage needs both accessKeyId and secretAccessKey, or neither");
    }
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // The SDK's default ("WHEN_SUPPORTED") adds CRC32 flexible checksums that several
      // S3-compatible servers reject or mishandle; send/validate them only where S3 requires it.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, body: StorageBody, options?: { contentType?: string }): Promise<StoredObject> {
    const source = toReadable(body);
    try {
      assertValidKey(key);
    } catch (error) {
      source.destroy();
      throw error;
    }

    const hash = createHash("sha256");
    let size = 0;
    const hasher = new Transform({
      transform(chunk: Buffer | string, _encoding, callback) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.length;
        callback(null, bytes);
      },
    });
    // A source error (or destroy) destroys `hasher` with the same error, which makes Upload's read
    // loop throw; destroying `hasher` after an upload failure destroys the source in turn.
    pipeline(source, hasher, () => undefined);

    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: hasher,
        ...(options?.contentType ? { ContentType: options.contentType } : {}),
      },
      partSize: S3_PART_SIZE,
      queueSize: S3_QUEUE_SIZE,
      leavePartsOnError: false,
    });

    try {
      await upload.done();
    } catch (error) {
      hasher.destroy(error instanceof Error ? error : new Error(String(error)));
      // Report the body's own error (e.g. a size limit) rather than what Upload made of it: when
      // aborting the multipart upload also fails, Upload rejects with that second error instead.
      throw source.errored ?? error;
    }
    return { size, sha256: hash.digest("hex") };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    let response: GetObjectCommandOutput;
    try {
      response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key, { cause: error });
      if (errorName(error) === "InvalidRange" || httpStatus(error) === 416) {
        throw new RangeError(`Byte range ${range?.start}-${range?.end} is not satisfiable for ${key}`, {
          cause: error,
        });
      }
      throw error;
    }
    const body = response.Body;
    if (!(body instanceof Readable)) {
      throw new Error("S3 GetObject returned no readable body");
    }
    return range ? exactRange(body, range, response) : body;
  }

  async stat(key: string): Promise<ObjectStat | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
  }

  /** ListObjectsV2, a page (up to 1,000 objects) at a time; multipart uploads are not objects until completed. */
  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isListedKey(object.Key)) continue;
        yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  check(): Promise<void> {
    return runStorageCheck(this);
  }

  /** False once the service said it cannot list multipart uploads (s3rver; a bucket lifecycle rule does the job there). */
  private listsUploads = true;

  async sweepStaleUploads(staleBefore: Date, options?: { dryRun?: boolean }): Promise<number> {
    if (!this.listsUploads) return 0;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
        );
      } catch (error) {
        if (errorName(error) !== "NotImplemented") throw error;
        this.listsUploads = false;
        return removed;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= staleBefore) continue;
        if (!options?.dryRun)
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        removed++;
      }
      if (!page.IsTruncated) return removed;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** Creates the bucket unless it already exists (tests, first start, the `check` command). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (!(httpStatus(error) === 404 || errorName(error) === "NotFound" || errorName(error) === "NoSuchBucket")) {
        throw error;
      }
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Another instance may have created it in between.
      if (errorName(error) === "BucketAlreadyOwnedByYou") return;
      throw error;
    }
  }

  /** Closes the client's pooled connections. */
  destroy(): void {
    this.client.destroy();
  }
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** A missing object; a missing bucket (NoSuchBucket) is a configuration error and is not. */
function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  if (name === "NoSuchBucket") return false;
  return name === "NoSuchKey" || name === "NotFound" || httpStatus(error) === 404;
}

const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;

/**
 * Makes sure the caller gets exactly the bytes it asked for, whatever the server sent. Some
 * S3-compatible servers get ranges wrong: s3rver answers `bytes=0-0` with the whole object (it
 * reads the end 0 as "no end"), and a server may ignore Range altogether (200, whole object).
 * Extra bytes are cut away; missing ones are an error.
 */
function exactRange(
  body: Readable,
  range: ByteRange,
  response: { ContentRange?: string | undefined; ContentLength?: number | undefined },
): Readable {
  let servedStart = 0;
  let servedEnd: number;
  let total: number | undefined;
  if (response.ContentRange) {
    const match = CONTENT_RANGE.exec(response.ContentRange);
    if (!match) {
      body.destroy();
      throw new Error(`S3 server sent an unreadable Content-Range: ${response.ContentRange}`);
    }
    servedStart = Number(match[1]);
    servedEnd = Number(match[2]);
    total = match[3] === "*" ? undefined : Number(match[3]);
  } else if (response.ContentLength !== undefined) {
    total = response.ContentLength;
    servedEnd = total - 1;
  } else {
    body.destroy();
    throw new Error("S3 server ignored the Range header and sent no length");
  }
  const wantedEnd = total === undefined ? range.end : Math.min(range.end, total - 1);
  if (servedStart > range.start || servedEnd < wantedEnd) {
    body.destroy();
    throw new Error(`S3 server sent bytes ${servedStart}-${servedEnd} for the range ${range.start}-${range.end}`);
  }
  if (servedStart === range.start && servedEnd === wantedEnd) return body;
  return Readable.from(sliceBytes(body, range.start - servedStart, wantedEnd - range.start + 1), {
    objectMode: false,
  });
}

/** Yields `count` bytes of `source` after skipping `skip`; the source is destroyed when done. */
async function* sliceBytes(source: Readable, skip: number, count: number): AsyncGenerator<Buffer> {
  let toSkip = skip;
  let remaining = count;
  try {
    for await (const chunk of source) {
      let bytes = chunk as Buffer;
      if (toSkip > 0) {
        const skipped = Math.min(toSkip, bytes.length);
        bytes = bytes.subarray(skipped);
        toSkip -= skipped;
      }
      if (bytes.length === 0) continue;
      if (bytes.length >= remaining) {
        yield bytes.subarray(0, remaining);
        remaining = 0;
        return;
      }
      remaining -= bytes.length;
      yield bytes;
    }
    if (remaining > 0) throw new Error("S3 object ended before the requested range");
  } finally {
    source.destroy();
  }
}
