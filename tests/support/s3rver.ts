import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * The tests' S3-compatible server: s3rver on loopback, storing in a temporary directory that
 * `stop` removes. Used by the storage contract, the transfer tests and the browser tests.
 */

// s3rver ships no type declarations: describe the little used here and load it through require.
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { address: string; port: number; silent: boolean; directory: string }) => S3rverServer;

/** s3rver accepts any request signed with its default credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;
export const S3RVER_REGION = "us-east-1";

export interface RunningS3rver {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  directory: string;
  /** Closes the server and removes everything it stored; safe to call twice. */
  stop(): Promise<void>;
}

export async function startS3rver(): Promise<RunningS3rver> {
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "portal-test-s3rver-"));
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

/** The portal's settings (environment) for S3 storage in `bucket` on such a server. */
export function s3rverEnv(endpoint: string, bucket: string): Record<string, string> {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: S3RVER_REGION,
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}
