#!/usr/bin/env node
// @ts-check
/**
 * `node provision.mjs <admin-database-url> <database> <s3-endpoint> <bucket>`: creates an empty
 * PostgreSQL database and an S3 bucket for one test portal. A separate process because the test
 * helpers that need them first (`createAdmin`) are synchronous, like the command they script.
 */
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";

const [adminUrl, database, endpoint, bucket] = process.argv.slice(2);
if (!adminUrl || !database || !endpoint || !bucket) {
  console.error("usage: provision.mjs <admin-database-url> <database> <s3-endpoint> <bucket>");
  process.exit(2);
}
// The name is interpolated into SQL: only what the test helpers generate is accepted.
if (!/^portal_e2e_[a-z0-9_]+$/.test(database)) {
  console.error(`not a browser-test database name: ${database}`);
  process.exit(2);
}

const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  await client.query(`create database ${database}`);
} finally {
  await client.end();
}

const s3 = new S3Client({
  endpoint,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
try {
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
} finally {
  s3.destroy();
}
