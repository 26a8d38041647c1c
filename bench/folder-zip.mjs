#!/usr/bin/env node
// @ts-check
/**
 * Issue 15 item 5: "Download all" of a folder streams its ZIP without holding the files in
 * memory. A fresh portal (the production build, `portal serve`, SQLite and local files) is filled
 * through its upload form with 200 published PDFs of 2 MB each (400 MB; random padding, so they
 * do not compress), put in one public, shared folder; its ZIP is downloaded over loopback from
 * /shared/folder/<token>/zip while the server's RSS is sampled every 20 ms (and its kernel peak,
 * VmHWM, reset just before). The table gives files, total and ZIP size, seconds, MB/s, RSS
 * before, peak and rise; then every entry of the ZIP is checked against the uploaded file's
 * sha256 and name. Fails if the rise reaches 50 MB or anything does not match.
 *
 *   npm run bench:zip [-- --files 200 --mb 2]
 *
 * Loopback only; the client is this process (the ZIP is kept in its memory to be unpacked, never
 * in the server's); the file reader is off (READ_FILES=false) so it does not read the files
 * meanwhile. Bounded in time (10 minutes); the temporary data directory and build copy are
 * removed, and only the server started here is stopped, by id.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import yauzl from "yauzl";
import {
  cleanupRegistry,
  createAdmin,
  ensureBuild,
  memory,
  printTable,
  resetPeak,
  signIn,
  snapshotBuild,
  startServer,
  tempDataDir,
} from "./support.mjs";
import { paddedPdf, uploadOrFail } from "./uploads.mjs";

const EMAIL = "folder-zip@example.org";
const PASSWORD = "folder-zip-bench-password";
const FOLDER = "Bench ZIP folder";
/** Megabytes of 10^6 bytes, as the numbers are. */
const MB = 1e6;
/** The bound on the server's RSS rise while the ZIP streams, in MiB (as /proc counts). */
const RSS_RISE_LIMIT = 50;
const UPLOADS_AT_ONCE = 4;

const { values } = parseArgs({ options: { files: { type: "string", default: "200" }, mb: { type: "string", default: "2" } } });
const fileCount = Number(values.files);
const fileMb = Number(values.mb);
if (!(Number.isInteger(fileCount) && fileCount >= 1 && fileCount <= 2000)) throw new Error("--files must be a whole number from 1 to 2000");
if (!(fileMb > 0 && fileMb <= 40)) throw new Error("--mb must be from 0 to 40");

const cleanups = cleanupRegistry("bench:zip", 10 * 60_000);

/**
 * Downloads the ZIP into one buffer of its Content-Length, sampling the server's RSS meanwhile.
 * @param {string} url @param {number} pid
 * @returns {Promise<{ zip: Buffer, seconds: number, peakSampled: number }>}
 */
function downloadZip(url, pid) {
  return new Promise((resolve, reject) => {
    let peakSampled = 0;
    const sample = () => (peakSampled = Math.max(peakSampled, memory(pid).rss));
    const sampler = setInterval(sample, 20);
    const t0 = performance.now();
    const req = http.get(url, { agent: false }, (res) => {
      const length = Number(res.headers["content-length"]);
      if (res.statusCode !== 200 || !(length > 0)) {
        clearInterval(sampler);
        reject(new Error(`${url}: HTTP ${res.statusCode}, Content-Length ${res.headers["content-length"]}`));
        res.resume();
        return;
      }
      const zip = Buffer.allocUnsafe(length);
      let at = 0;
      res.on("data", (/** @type {Buffer} */ chunk) => {
        if (at + chunk.length > length) return res.destroy(new Error("more bytes than Content-Length"));
        chunk.copy(zip, at);
        at += chunk.length;
      });
      res.on("end", () => {
        sample();
        clearInterval(sampler);
        if (at !== length) reject(new Error(`${at} of ${length} bytes`));
        else resolve({ zip, seconds: (performance.now() - t0) / 1000, peakSampled });
      });
      res.on("error", (error) => {
        clearInterval(sampler);
        reject(error);
      });
    });
    req.setTimeout(300_000, () => req.destroy(new Error("the ZIP download timed out")));
    req.on("error", reject);
  });
}

/** Every entry of a ZIP in memory: name → sha256 of its bytes (sizes validated by yauzl). @param {Buffer} zip */
function unpack(zip) {
  return new Promise((resolve, reject) => {
    /** @type {Map<string, string>} */
    const out = new Map();
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, file) => {
      if (error || !file) return reject(error);
      file.on("error", reject);
      file.on("end", () => resolve(out));
      file.on("entry", (entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const hash = createHash("sha256");
          stream.on("data", (c) => hash.update(c));
          stream.on("error", reject);
          stream.on("end", () => {
            out.set(entry.fileName, hash.digest("hex"));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

async function main() {
  ensureBuild();
  // A copy of the build: editing the sources meanwhile must not rebuild under the measurement.
  const build = snapshotBuild();
  cleanups.add(build.remove);
  const dataDir = tempDataDir();
  cleanups.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { NODE_ENV: "production", DATABASE_URL: "", S3_BUCKET: "", READ_FILES: "false" };
  createAdmin(dataDir, EMAIL, PASSWORD, { env, bundle: build.bundle });

  const portal = await startServer(dataDir, { env, bundle: build.bundle });
  cleanups.add(() => portal.stop());
  const cookie = await signIn(portal.url, EMAIL, PASSWORD);

  // The files, uploaded through the admin form a few at a time; each title's sha256 kept.
  const t0 = performance.now();
  /** @type {Map<string, string>} */
  const expected = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: UPLOADS_AT_ONCE }, async () => {
      while (next < fileCount) {
        const n = ++next;
        // The form takes the file's name as the title too; the download name keeps its one ".pdf".
        const title = `Bench file ${String(n).padStart(4, "0")}.pdf`;
        const pdf = await paddedPdf(Math.round(fileMb * MB), title);
        expected.set(title.replaceAll(" ", "_"), createHash("sha256").update(pdf).digest("hex"));
        await uploadOrFail(portal.url, cookie, pdf, title);
      }
    }),
  );
  console.log(`bench:zip: ${fileCount} files uploaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // One public folder made with the admin form; its documents and share token set in the database.
  const made = await fetch(`${portal.url}/admin/folders/new`, {
    method: "POST",
    body: new URLSearchParams({ name: FOLDER, description: "", isPublic: "true" }),
    headers: { Cookie: cookie, Origin: portal.url },
    redirect: "manual",
  });
  if (made.status >= 400) throw new Error(`creating the folder failed: ${made.status}`);
  const token = randomBytes(32).toString("base64url");
  const db = new Database(path.join(dataDir, "portal.db"));
  try {
    db.pragma("busy_timeout = 10000");
    const folder = /** @type {{ id: string } | undefined} */ (db.prepare("select id from folders where name = ?").get(FOLDER));
    if (!folder) throw new Error("the folder was not created");
    db.prepare("update folders set is_public = 1, share_token = ? where id = ?").run(token, folder.id);
    const moved = db.prepare("update documents set folder_id = ? where title like 'Bench file %'").run(folder.id);
    if (moved.changes !== fileCount) throw new Error(`${moved.changes} documents in the folder, not ${fileCount}`);
  } finally {
    db.close();
  }
  const totalBytes = [...fs.readdirSync(path.join(dataDir, "files"), { withFileTypes: true, recursive: true })]
    .filter((e) => e.isFile() && !e.parentPath.includes(`${path.sep}.tmp`))
    .reduce((n, e) => n + fs.statSync(path.join(e.parentPath, e.name)).size, 0);

  // Settle, then measure one download of the ZIP.
  await new Promise((r) => setTimeout(r, 1_000));
  const before = memory(portal.pid).rss;
  resetPeak(portal.pid);
  const { zip, seconds, peakSampled } = await downloadZip(`${portal.url}/shared/folder/${token}/zip`, portal.pid);
  const peak = Math.max(peakSampled, memory(portal.pid).peak);
  const rise = peak - before;

  const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`\nA folder as one ZIP over loopback (load average ${load}); RSS in MiB:\n`);
  printTable([
    {
      files: fileCount,
      "total MB": (totalBytes / MB).toFixed(1),
      "ZIP MB": (zip.length / MB).toFixed(1),
      seconds: seconds.toFixed(2),
      "MB/s": (zip.length / MB / seconds).toFixed(0),
      "RSS before": before.toFixed(1),
      "RSS peak": peak.toFixed(1),
      "RSS rise": rise.toFixed(1),
    },
  ]);

  const entries = await unpack(zip);
  const wrong = [...expected].filter(([name, sha]) => entries.get(name) !== sha).map(([name]) => name);
  const extra = [...entries.keys()].filter((name) => !expected.has(name));
  console.log(`\nunpacked: ${entries.size} entries; ${entries.size - wrong.length} match their upload's sha256`);
  if (wrong.length || extra.length || entries.size !== fileCount) {
    throw new Error(`the ZIP does not hold exactly the published files: missing or different ${wrong.length}, extra ${extra.length}`);
  }
  if (rise >= RSS_RISE_LIMIT) throw new Error(`the server's RSS rose by ${rise.toFixed(1)} MiB (limit ${RSS_RISE_LIMIT})`);
  console.log(`RSS rise ${rise.toFixed(1)} MiB < ${RSS_RISE_LIMIT} MiB: ok`);
}

await cleanups.guard(main);
