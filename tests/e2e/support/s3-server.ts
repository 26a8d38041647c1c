import { randomBytes } from "node:crypto";
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { S3RVER_CREDENTIALS, S3RVER_REGION } from "../../support/s3rver";

/** Bucket helpers for the browser tests; the server itself is tests/support/s3rver.ts. */

/** A bucket name of 3 to 63 lower-case characters, unique enough for one run. */
export function newBucketName(): string {
  return `e2e-${randomBytes(5).toString("hex")}`;
}

export function s3Client(endpoint: string): S3Client {
  return new S3Client({ endpoint, region: S3RVER_REGION, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
}

export interface S3Object {
  key: string;
  size: number;
}

/** Every object of `bucket`, the storage self-check's short-lived probes (`_health/`) aside. */
export async function listObjects(endpoint: string, bucket: string): Promise<S3Object[]> {
  const client = s3Client(endpoint);
  try {
    const objects: S3Object[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key && !o.Key.startsWith("_health/")) objects.push({ key: o.Key, size: o.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  } finally {
    client.destroy();
  }
}

export async function readObject(endpoint: string, bucket: string, key: string): Promise<Buffer> {
  const client = s3Client(endpoint);
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } finally {
    client.destroy();
  }
}

export async function createBucket(endpoint: string, bucket: string): Promise<void> {
  const client = s3Client(endpoint);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}

export async function deleteObject(endpoint: string, bucket: string, key: string): Promise<void> {
  const client = s3Client(endpoint);
  try {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  } finally {
    client.destroy();
  }
}
