// @ts-check
/**
 * The PostgreSQL database and S3-compatible server a benchmark runs the portal on, each its own
 * and removed afterwards: a temporary database on the test server (TEST_DATABASE_URL), and s3rver
 * (the tests' S3 server) in a child process of ours, storing in a temporary folder.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { root } from "./support.mjs";

/**
 * Creates a database of our own on the test server; `drop` removes it (also with connections open).
 * @returns {Promise<{ url: string, drop: () => Promise<void> }>}
 */
export async function createTemporaryDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const name = `portal_bench_${randomBytes(6).toString("hex")}`;
  /** @param {string} sql */
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * The s3rver program the child runs: it prints its port, then serves until killed. OpenSSL's
 * legacy provider is on because s3rver signs long listings' continuation tokens with DES.
 */
const S3RVER_SCRIPT = `const S3rver = require("s3rver");
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: process.argv[1] });
server.run().then(({ port }) => console.log("S3RVER_PORT " + port));`;

/** s3rver's own credentials and region (tests/support/s3rver.ts says the same). */
const S3RVER_ENV = { S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER", S3_FORCE_PATH_STYLE: "true" };

/**
 * Starts s3rver on a free loopback port with a fresh bucket. `env` is the portal's settings for it;
 * `uploadsDir` is where s3rver keeps multipart uploads not yet completed (one folder each);
 * `stop` ends the child (by its id) and removes the folder.
 * @returns {Promise<{ endpoint: string, bucket: string, directory: string, env: Record<string, string>, pid: number, uploadsDir: string, stop: () => Promise<void> }>}
 */
export async function startS3Server() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-s3-"));
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", S3RVER_SCRIPT, directory], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(directory, { recursive: true, force: true });
  };
  const port = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("s3rver did not start in 20 s")), 20_000);
    child.stdout.on("data", (c) => {
      out += c;
      const match = /S3RVER_PORT (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", () => reject(new Error(`s3rver exited:\n${out}`)));
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = `bench-${randomBytes(5).toString("hex")}`;
  // An unsigned PUT is enough: s3rver accepts any request (the portal's requests are signed).
  const created = await fetch(`${endpoint}/${bucket}`, { method: "PUT" });
  if (!created.ok) {
    await stop();
    throw new Error(`could not create bucket ${bucket}: ${created.status}`);
  }
  return {
    endpoint,
    bucket,
    directory,
    env: { ...S3RVER_ENV, S3_ENDPOINT: endpoint, S3_BUCKET: bucket },
    pid: /** @type {number} */ (child.pid),
    // s3rver's file store keeps each multipart upload under <bucket>/._S3rver_uploads/<upload id>/.
    uploadsDir: path.join(directory, bucket, "._S3rver_uploads"),
    stop,
  };
}
