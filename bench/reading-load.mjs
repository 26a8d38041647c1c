#!/usr/bin/env node
// @ts-check
/**
 * Issue 11: while hostile and odd files are read in the background, do public pages stay fast,
 * and does the server's own memory stay flat? A portal with the demo content (its files read
 * first, so the queue starts empty) serves public pages to one client; first for a baseline, then
 * while the files below are uploaded through the admin route and read by the server's reader
 * (one at a time, each in a child process with limits). Prints page timings for both phases, the
 * server's RSS (the server process only: the reader's children are separate processes), and how
 * each file ended. SQLite and local files; loopback only; bounded in time; stops what it started.
 *
 *   npm run bench:reading-load            (BASELINE_SECONDS=20, LIMIT_SECONDS=300)
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import {
  ensureBuild,
  importSources,
  memory,
  portalArgv,
  printTable,
  root,
  signIn,
  snapshotBuild,
  startServer,
  tempDataDir,
} from "./support.mjs";

const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 20);
const LIMIT_SECONDS = Number(process.env.LIMIT_SECONDS ?? 300);
const ADMIN = { email: "bench-admin@example.org", password: "bench-password-1" };
const MiB = 1024 * 1024;

ensureBuild();
// A copy of the build: editing the sources meanwhile must not rebuild under the measurement.
const build = snapshotBuild();
const sources = await importSources(["tests/support/extraction-files.ts"]);

/** @returns {Promise<Array<{ label: string, name: string, type: string, bytes: Uint8Array }>>} */
async function hostileFiles() {
  const long = await sources.makeLongPdf(20);
  return [
    {
      label: "encrypted PDF",
      name: "encrypted.pdf",
      type: "application/pdf",
      bytes: sources.makeEncryptedPdf("Secret site list", "user-pw"),
    },
    { label: "truncated PDF", name: "truncated.pdf", type: "application/pdf", bytes: long.subarray(0, Math.floor(long.length / 2)) },
    {
      label: "PDF of 5,000 pages",
      name: "five-thousand.pdf",
      type: "application/pdf",
      bytes: sources.makeManyPagePdf(5000, (/** @type {number} */ n) => `Page ${n} of the registration list.`),
    },
    { label: "48 MB scanned PDF", name: "scan.pdf", type: "application/pdf", bytes: await sources.makeScannedPdf(48, MiB) },
    {
      label: "DOCX zip bomb (2 GiB of zeros)",
      name: "bomb.docx",
      type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      bytes: sources.makeDocxBomb(2),
    },
    {
      label: "XLSX of a million cells",
      name: "cells.xlsx",
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      bytes: sources.makeManyCellXlsx(1_000_000),
    },
    { label: "PDF bytes named .txt", name: "notes.txt", type: "text/plain", bytes: long },
  ];
}

/** Public pages a visitor reads, in turn. @param {string} documentId */
const PAGES = (documentId) => ["/", "/documents", "/reports", "/documents?q=site", `/document/${documentId}`, "/api/public/documents"];

/** @param {number[]} xs @param {number} p */
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

/**
 * Reads the pages in turn, one request at a time, until `until()` says stop; samples the
 * server's RSS every 250 ms. @param {string} url @param {string[]} pages @param {number} pid @param {() => boolean} until
 */
async function visit(url, pages, pid, until) {
  /** @type {number[]} */
  const times = [];
  /** @type {Map<string, number[]>} */
  const byPage = new Map(pages.map((p) => [p, []]));
  /** @type {number[]} */
  const rss = [];
  let errors = 0;
  const sampler = setInterval(() => rss.push(memory(pid).rss), 250);
  try {
    for (let i = 0; !until(); i++) {
      const page = pages[i % pages.length] ?? "/";
      const started = performance.now();
      const res = await fetch(`${url}${page}`);
      await res.arrayBuffer();
      const ms = performance.now() - started;
      times.push(ms);
      byPage.get(page)?.push(ms);
      if (res.status !== 200) errors++;
    }
  } finally {
    clearInterval(sampler);
  }
  return { times, byPage, rss, errors };
}

const dataDir = tempDataDir();
/** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
let server;
const overall = setTimeout(
  () => {
    console.error("overall time limit reached: stopping");
    void server?.stop().finally(() => process.exit(1));
  },
  (LIMIT_SECONDS + BASELINE_SECONDS + 300) * 1000,
);
overall.unref();

try {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" };
  for (const [command, ...args] of [["demo"], ["reprocess"], ["admin:create", "--email", ADMIN.email]]) {
    const [cmd = "", ...argv] = portalArgv(command ?? "", args, { bundle: build.bundle });
    const r = spawnSync(cmd, argv, { cwd: root, env, encoding: "utf8", timeout: 600_000, input: `${ADMIN.password}\n` });
    if (r.status !== 0) throw new Error(`portal ${command} failed: ${r.stderr}`);
  }
  // First the files are uploaded to a server that does not read them (uploads are measured by
  // bench:upload); then a server that reads them starts, and pages are measured while it reads.
  console.log("Generating the files...");
  const files = await hostileFiles();
  server = await startServer(dataDir, { bundle: build.bundle, env: { READ_FILES: "false" } });
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  /** @type {Array<{ label: string, upload: number, title: string }>} */
  const sent = [];
  for (const file of files) {
    const form = new FormData();
    const title = `Bench file: ${file.label}`;
    form.set("title", title);
    form.set("category", "Report");
    form.set("published", "true");
    form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const res = await fetch(`${server.url}/admin/documents`, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json", Origin: server.url, Cookie: cookie },
    });
    await res.arrayBuffer();
    sent.push({ label: file.label, upload: res.status, title });
  }
  await server.stop();

  // The uploaded files' jobs are held (due in a day) while the reading server warms up and the
  // baseline is measured, then released: the reader looks for due jobs every 5 s.
  const db = new Database(path.join(dataDir, "portal.db"));
  const hold = db.prepare("update jobs set run_at = ? where kind = 'read-file' and status = 'queued'");
  hold.run(new Date(Date.now() + 86_400_000).toISOString());
  server = await startServer(dataDir, { bundle: build.bundle, env: { READ_FILES: "true" } });
  const demoDoc = /** @type {{ id: string }} */ (
    db.prepare("select id from documents where published = 1 and file_path is not null limit 1").get()
  );
  const pages = PAGES(demoDoc.id);
  // Warm-up: the first requests load the list index and the routes.
  let warmUps = pages.length * 3;
  await visit(server.url, pages, server.pid, () => warmUps-- <= 0);
  const baselineEnd = Date.now() + BASELINE_SECONDS * 1000;
  const baseline = await visit(server.url, pages, server.pid, () => Date.now() > baselineEnd);

  hold.run(new Date(0).toISOString());
  const waiting = db.prepare(
    "select count(*) as n from file_contents c join documents d on d.id = c.document_id where d.title like 'Bench file:%' and c.status = 'queued'",
  );
  const started = Date.now();
  let finished = false;
  const loaded = await visit(server.url, pages, server.pid, () => {
    if (Date.now() - started > LIMIT_SECONDS * 1000) return true;
    finished = /** @type {{ n: number }} */ (waiting.get()).n === 0;
    return finished;
  });
  const seconds = (Date.now() - started) / 1000;

  console.log(`\nPublic pages at one client (${pages.join(", ")}), server time as the client sees it, ms`);
  const row = (/** @type {string} */ phase, /** @type {Awaited<ReturnType<typeof visit>>} */ r) => ({
    phase,
    requests: r.times.length,
    errors: r.errors,
    p50: pct(r.times, 50).toFixed(1),
    p95: pct(r.times, 95).toFixed(1),
    max: pct(r.times, 100).toFixed(1),
    "server RSS MB (min-max)": `${Math.min(...r.rss).toFixed(0)}-${Math.max(...r.rss).toFixed(0)}`,
  });
  printTable([row("baseline", baseline), row(`while reading (${seconds.toFixed(0)} s)`, loaded)]);
  console.log("\nBy page, p50 / p95 ms");
  printTable(
    pages.map((page) => {
      const b = baseline.byPage.get(page) ?? [];
      const l = loaded.byPage.get(page) ?? [];
      return {
        page: page.replace(demoDoc.id, "{id}"),
        baseline: `${pct(b, 50).toFixed(1)} / ${pct(b, 95).toFixed(1)}`,
        "while reading": `${pct(l, 50).toFixed(1)} / ${pct(l, 95).toFixed(1)}`,
      };
    }),
  );
  const growth = Math.max(...loaded.rss) - Math.max(...baseline.rss);
  console.log(
    `Server RSS growth over the baseline's peak: ${growth.toFixed(1)} MB${finished ? "" : " (time limit reached before every file was read)"}`,
  );

  console.log("\nHow each file ended");
  const outcome = db.prepare(
    "select c.status, c.reason, c.page_count, c.text_chars, c.text_truncated, c.processed_at, c.created_at from documents d left join file_contents c on c.document_id = d.id where d.title = ?",
  );
  printTable(
    sent.map((s) => {
      const o = /** @type {any} */ (outcome.get(s.title));
      return {
        file: s.label,
        upload: s.upload,
        status: o?.status ?? "not stored",
        reason: o?.reason ?? "",
        pages: o?.page_count ?? "",
        "text chars": o?.text_chars ?? "",
        truncated: o?.text_truncated ? "yes" : "",
      };
    }),
  );
  db.close();
} finally {
  await server?.stop();
  spawnSync("rm", ["-rf", dataDir]);
  build.remove();
}
