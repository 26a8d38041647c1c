#!/usr/bin/env node
// @ts-check
/**
 * Crash test (issue 12): uploads killed half-way leave nothing behind. Each round streams a PDF of
 * a random size (1 KB to 30 MB) through the admin upload form and kills the server with SIGKILL at
 * a random moment of it: after a random share of the request's bytes were sent, or just after the
 * last byte (while the file is committed and its row written). The server is started again and the
 * next round begins. After the last round it starts once more (its start-up sweep runs), stops,
 * and `portal check` (checksums read) must report nothing: no orphan, no missing file, no
 * half-written upload; the temporary folders are listed to show nothing is left in them.
 *
 *   npm run bench:crash [-- --rounds 50] [--storage local|s3]
 *
 * Storage: SQLite + local files (local) and PostgreSQL + S3 (s3: a temporary database on
 * TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, and s3rver); both unless
 * --storage says one. Everything runs on loopback; only processes started here are stopped, by id.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
/** @import http from "node:http" */
import path from "node:path";
import { parseArgs } from "node:util";
import { createTemporaryDatabase, startS3Server } from "./engines.mjs";
import { cleanupRegistry, ensureBuild, portalArgv, printTable, root, signIn, snapshotBuild, startServer, tempDataDir } from "./support.mjs";
import { documentForm, paddedPdf, uploadRequest, uploadSucceeded } from "./uploads.mjs";

const KB = 1024;
const MB = 1024 * KB;
const MIN_SIZE = KB;
const MAX_SIZE = 30 * MB;
const EMAIL = "crash@example.org";
const PASSWORD = "crash-test-password";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "50" }, storage: { type: "string", default: "both" } } });
const rounds = Number(values.rounds);
if (!Number.isSafeInteger(rounds) || rounds < 1) throw new Error("--rounds must be a whole number of 1 or more");
if (!["local", "s3", "both"].includes(String(values.storage))) throw new Error("--storage must be local, s3 or both");
const storages = values.storage === "both" ? ["local", "s3"] : [String(values.storage)];

const loadAverage = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const cleanups = cleanupRegistry("bench:crash", 60 * 60_000);
await cleanups.guard(async () => {
  ensureBuild();
  const build = snapshotBuild();
  cleanups.add(build.remove);
  /** @type {Array<Record<string, string | number>>} */
  const rows = [];
  let failed = false;
  for (const storage of storages) {
    const result = await crashRun(storage === "s3" ? "s3" : "local", build.bundle);
    rows.push(result.row);
    if (!result.clean) failed = true;
  }
  console.log(`\nCrash test: ${rounds} rounds of SIGKILL during uploads (load average at start: ${loadAverage}).`);
  printTable(rows);
  console.log(
    failed ? "\nNOT clean: see the check output above." : "\nClean: portal check reported nothing and no temporary file is left.",
  );
  if (storages.includes("s3"))
    console.log(
      "s3rver MPUs: multipart uploads cut short, which s3rver can neither list nor abort; on S3 services that list them the\n" +
        "portal aborts them an hour after they began (another instance may still be writing), elsewhere a lifecycle rule does.",
    );
  if (failed) process.exitCode = 1;
});

/** @param {"local" | "s3"} storage @param {string} bundle */
async function crashRun(storage, bundle) {
  const work = tempDataDir();
  cleanups.add(() => fs.rmSync(work, { recursive: true, force: true }));
  const dataDir = path.join(work, "data");
  // The server's own temporary folder (the file reader copies files there), to be listed at the end.
  const serverTmp = path.join(work, "tmp");
  fs.mkdirSync(serverTmp, { recursive: true });
  /** @type {Record<string, string>} */
  let env = { TMPDIR: serverTmp, NODE_ENV: "production", DATABASE_URL: "", S3_BUCKET: "" };
  /** @type {string | null} */
  let s3Uploads = null;
  if (storage === "s3") {
    const database = await createTemporaryDatabase();
    cleanups.add(database.drop);
    const s3 = await startS3Server();
    cleanups.add(s3.stop);
    s3Uploads = s3.uploadsDir;
    env = { ...env, DATABASE_URL: database.url, ...s3.env };
  }
  const portal = (/** @type {string} */ command, /** @type {string[]} */ args, input = "") => {
    const [cmd = "", ...argv] = portalArgv(command, args, { bundle });
    return spawnSync(cmd, argv, {
      cwd: root,
      env: { ...process.env, ...env, DATA_DIR: dataDir },
      input,
      encoding: "utf8",
      timeout: 600_000,
    });
  };
  const created = portal("admin:create", ["--email", EMAIL], `${PASSWORD}\n`);
  if (created.status !== 0) throw new Error(`admin:create failed:\n${created.stdout}${created.stderr}`);

  let server = await startServer(dataDir, { env, bundle });
  cleanups.add(() => server.stop());
  // Sessions live in the database: one sign-in serves every restart.
  const cookie = await signIn(server.url, EMAIL, PASSWORD);
  let completed = 0;
  let killed = 0;
  let leftByKills = 0;
  const t0 = performance.now();
  for (let round = 1; round <= rounds; round++) {
    const size = randomSize();
    const pdf = await paddedPdf(size, `Crash round ${round}`);
    const outcome = await uploadAndKill(server, cookie, pdf, `crash-${round}.pdf`);
    if (outcome === "completed") completed++;
    else killed++;
    // What the kill left for the next start to sweep (s3rver's incomplete uploads stay: see the README).
    leftByKills += listTree(path.join(dataDir, "files", ".tmp")).length + listTree(serverTmp).length;
    process.stdout.write(`${storage} round ${round}/${rounds}: ${(pdf.length / MB).toFixed(2)} MB, ${outcome}\n`);
    server = await startServer(dataDir, { env, bundle });
  }
  // The last start's sweep of what the previous process left runs just after it listens.
  await settle(dataDir, storage);
  await server.stop();
  const seconds = (performance.now() - t0) / 1000;

  const check = portal("check", []);
  const output = `${check.stdout}${check.stderr}`;
  console.log(`\n${storage}: portal check (exit ${check.status}):\n${output}`);
  const leftovers = [...listTree(path.join(dataDir, "files", ".tmp")), ...listTree(serverTmp)];
  console.log(`${storage}: temporary files left: ${leftovers.length ? `\n  ${leftovers.join("\n  ")}` : "none"}`);
  // s3rver implements neither ListMultipartUploads nor AbortMultipartUpload, so the multipart uploads
  // a kill cut short stay in its folder whatever the portal does; shown apart (see the README).
  const incomplete = s3Uploads && fs.existsSync(s3Uploads) ? fs.readdirSync(s3Uploads).length : 0;
  if (s3Uploads) console.log(`${storage}: incomplete multipart uploads in s3rver's folder: ${incomplete}`);
  const count = (/** @type {RegExp} */ pattern) => output.split("\n").filter((l) => pattern.test(l)).length;
  const orphans = count(/^ {2}orphan /);
  const missing = count(/^ {2}(missing|differs) /);
  const stale = Number(/^ {2}upload +(\d+)/m.exec(output)?.[1] ?? 0);
  const clean = check.status === 0 && output.includes("All checks passed.") && orphans + missing + stale === 0 && leftovers.length === 0;
  return {
    clean,
    row: {
      storage: storage === "s3" ? "PostgreSQL + S3 (s3rver)" : "SQLite + local",
      rounds,
      "completed/killed": `${completed}/${killed}`,
      "temp left by kills": leftByKills,
      rows: Number(/(\d+) documents?/.exec(output)?.[1] ?? 0),
      files: Number(/(\d+) stored objects?/.exec(output)?.[1] ?? 0),
      orphans,
      missing,
      "half-written": stale,
      "temp files": leftovers.length,
      "s3rver MPUs": storage === "s3" ? incomplete : "-",
      "check exit": check.status ?? "killed",
      seconds: seconds.toFixed(0),
    },
  };
}

/** Half the sizes spread evenly, half on a log scale, so both small files and multipart uploads (over 8 MiB on S3) are common. */
function randomSize() {
  const u = Math.random();
  if (Math.random() < 0.5) return Math.round(MIN_SIZE + u * (MAX_SIZE - MIN_SIZE));
  return Math.round(MIN_SIZE * (MAX_SIZE / MIN_SIZE) ** u);
}

/**
 * POSTs `pdf` to the admin upload form and kills the server (SIGKILL) at a random moment: when a
 * random share of the request's bytes has been written, or 0-500 ms after the last one. An upload
 * whose answer came first counts as completed (the server is killed all the same).
 * @param {{ url: string, pid: number }} server @param {string} cookie @param {Buffer} pdf @param {string} name
 * @returns {Promise<"completed" | "killed">}
 */
async function uploadAndKill(server, cookie, pdf, name) {
  const form = documentForm(pdf, name);
  const body = form.body;
  // Four kills in five while the body is on its way, the fifth after its last byte: while the file is
  // committed and its row written, or (small files) once the answer came and the file is being read.
  const share = Math.random() / 0.8;
  const killAt = share < 1 ? Math.floor(share * body.length) : null;

  let done = false;
  let completed = false;
  const kill = () => {
    if (done) return;
    done = true;
    process.kill(server.pid, "SIGKILL");
  };
  const answered = new Promise((resolve) => {
    const req = uploadRequest(server.url, cookie, form);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => {
        if (!done && uploadSucceeded(res.statusCode, text)) completed = true;
        else if (!done) console.error(`upload answered ${res.statusCode} before the kill`);
        resolve(undefined);
      });
      res.on("error", () => resolve(undefined));
    });
    // The kill ends the connection: that error is what this test expects.
    req.on("error", () => resolve(undefined));
    (async () => {
      const CHUNK = 64 * KB;
      for (let sent = 0; sent < body.length && !done; sent += CHUNK) {
        if (killAt !== null && sent >= killAt) return kill();
        const more = req.write(body.subarray(sent, sent + CHUNK));
        if (!more) await drainOrClose(req);
      }
      if (done) return;
      req.end();
      setTimeout(kill, Math.random() * 500);
    })();
  });
  await answered;
  kill();
  await waitForExit(server.pid);
  return completed ? "completed" : "killed";
}

/** Resolves when the request can take more bytes, or is closed (the kill). @param {http.ClientRequest} req */
function drainOrClose(req) {
  return new Promise((resolve) => {
    const done = () => {
      req.off("drain", done).off("close", done);
      resolve(undefined);
    };
    req.on("drain", done).on("close", done);
  });
}

/** Waits until the process is gone (reaped), at most 10 s. @param {number} pid */
async function waitForExit(pid) {
  const deadline = Date.now() + 10_000;
  while (fs.existsSync(`/proc/${pid}`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

/**
 * Gives the start-up sweep time to finish: on local storage until no temp file of a dead process
 * is left (at most 10 s), on S3 a fixed 3 s (its listing is one request).
 * @param {string} dataDir @param {"local" | "s3"} storage
 */
async function settle(dataDir, storage) {
  if (storage === "s3") return new Promise((r) => setTimeout(r, 3_000));
  const tmp = path.join(dataDir, "files", ".tmp");
  const deadline = Date.now() + 10_000;
  while (listTree(tmp).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** Every file and empty folder under `dir`, relative to it; none when it does not exist. @param {string} dir */
function listTree(dir) {
  if (!fs.existsSync(dir)) return [];
  /** @type {string[]} */
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isDirectory() || fs.readdirSync(full).length === 0) found.push(path.relative(dir, full));
  }
  return found;
}
