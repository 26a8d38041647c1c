import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * A local S3-compatible server (s3rver) on loopback for browser tests, storing in a temporary
 * directory that `stop` removes. s3rver accepts any signed request with its default credentials.
 */

// s3rver ships no type declarations: describe the little used here and load it through require.
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { address: string; port: number; silent: boolean; directory: string }) => S3rverServer;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

export const S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;
const REGION = "us-east-1";

/** A bucket name of 3 to 63 lower-case characters, unique enough for one run. */
export function newBucketName(): string {
  return `e2e-${randomBytes(5).toString("hex")}`;
}

export function s3Client(endpoint: string): S3Client {
  return new S3Client({ endpoint, region: REGION, forcePathStyle: true, credentials: S3_CREDENTIALS });
}

/** The portal's S3 settings (config.ts) for one bucket on this endpoint. */
export function portalS3Env(endpoint: string, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
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

export interface RunningS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  directory: string;
  /** Closes the server and removes everything it stored. */
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<RunningS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "portal-e2e-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
