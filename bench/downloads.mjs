#!/usr/bin/env node
// @ts-check
/**
 * Issue 13: do downloads leave the portal at the speed of the disk? One 50 MB published document
 * is downloaded from the production build (`portal serve`, NODE_ENV=production, SQLite and local
 * files) whole and by a Range of its second half, and the same file from a bare Node `http`
 * server that pipes `fs.createReadStream` into the response: the most one Node process can send.
 * The cases take turns, several repetitions each, so both servers see the same machine; the
 * table gives the median rate of each and the portal's share of the bare server's, that share
 * counted from the first byte on (the streaming alone), the time to the first byte (the portal
 * checks the session and publication and counts the download first) and each server's own CPU
 * time per download (in clock ticks of 10 ms), which other work on the machine does not blur.
 *
 *   npm run bench:downloads [-- --reps 7]
 *
 * Loopback only; the client is this process (one connection at a time, bytes counted and
 * dropped); the file reader is off (READ_FILES=false) so it does not read the file meanwhile.
 * Bounded in time (5 minutes), and only the processes started here are stopped, by id.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  cleanupRegistry,
  cpuSeconds,
  createAdmin,
  ensureBuild,
  printTable,
  signIn,
  snapshotBuild,
  startServer,
  tempDataDir,
} from "./support.mjs";
import { paddedPdf, uploadOrFail } from "./uploads.mjs";

const FILE_BYTES = 50 * 1000 * 1000;
const EMAIL = "downloads@example.org";
const PASSWORD = "downloads-bench-password";
const TITLE = "bench-downloads.pdf";
/** Megabytes of 10^6 bytes, as the numbers are. */
const MB = 1e6;

const { values } = parseArgs({ options: { reps: { type: "string", default: "7" } } });
const reps = Number(values.reps);
if (!(Number.isInteger(reps) && reps >= 1 && reps <= 50)) throw new Error("--reps must be a whole number from 1 to 50");

const cleanups = cleanupRegistry("bench:downloads", 5 * 60_000);

/**
 * The bare server: no framework, no checks, `fs.createReadStream(file).pipe(res)`, with a single
 * `bytes=a-b` range so the Range case compares like with like. Runs in its own process, as the
 * portal does. argv: the file.
 */
const bareServer = `import fs from "node:fs";
import http from "node:http";
const file = process.argv[1];
const size = fs.statSync(file).size;
const server = http.createServer((req, res) => {
  const range = /^bytes=(\\d+)-(\\d*)$/.exec(req.headers.range ?? "");
  const start = range ? Number(range[1]) : 0;
  const end = range && range[2] ? Number(range[2]) : size - 1;
  res.writeHead(range ? 206 : 200, {
    "Content-Type": "application/pdf",
    "Content-Length": end - start + 1,
    ...(range ? { "Content-Range": \`bytes \${start}-\${end}/\${size}\` } : {}),
  });
  fs.createReadStream(file, { start, end }).pipe(res);
});
server.listen(0, "127.0.0.1", () => console.log(\`bare listening on \${server.address().port}\`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));`;

/** @param {string} file @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>} */
async function startBareServer(file) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", bareServer, file], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((r) => child.once("exit", r));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  let out = "";
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the bare server did not start")), 10_000);
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const found = /bare listening on (\d+)/.exec(out)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once("exit", () => reject(new Error("the bare server stopped")));
  });
  return { url: `http://127.0.0.1:${port}`, pid: /** @type {number} */ (child.pid), stop };
}

/**
 * One download, bytes counted and dropped; rejects on an unexpected status or length.
 * @param {string} url @param {Record<string, string>} headers @param {number} status @param {number} length
 * @returns {Promise<{ rate: number, firstByteMs: number, streamRate: number }>} MB/s from the request to the last byte; ms to
 *   the answer's headers; MB/s from then to the last byte (the streaming alone)
 */
function download(url, headers, status, length) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { agent: false, headers }, (res) => {
      const firstByteMs = performance.now() - t0;
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => {
        const ms = performance.now() - t0;
        if (res.statusCode !== status || bytes !== length) reject(new Error(`${url}: HTTP ${res.statusCode}, ${bytes} bytes`));
        else resolve({ rate: bytes / MB / (ms / 1000), firstByteMs, streamRate: bytes / MB / ((ms - firstByteMs) / 1000) });
      });
      res.on("error", reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${url}: timed out`)));
    req.on("error", reject);
  });
}

/** The largest stored file under DATA_DIR/files: the one just uploaded. @param {string} dir */
function largestFile(dir) {
  let best = { file: "", size: -1 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.parentPath.includes(`${path.sep}.tmp`)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size } = fs.statSync(file);
    if (size > best.size) best = { file, size };
  }
  return best;
}

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

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
  await uploadOrFail(portal.url, await signIn(portal.url, EMAIL, PASSWORD), await paddedPdf(FILE_BYTES, TITLE), TITLE);
  const found = /** @type {Array<{ id: string, title: string }>} */ (
    await (await fetch(`${portal.url}/api/public/documents?q=${encodeURIComponent("bench-downloads")}`)).json()
  );
  const id = found.find((d) => d.title === TITLE)?.id;
  if (!id) throw new Error("the uploaded document is not in the public list");
  const stored = largestFile(path.join(dataDir, "files"));
  const bare = await startBareServer(stored.file);
  cleanups.add(() => bare.stop());

  const half = Math.floor(stored.size / 2);
  const rangeHeaders = { Range: `bytes=${half}-` };
  const cases = [
    { name: "full GET", headers: {}, status: 200, length: stored.size },
    { name: `Range GET (bytes=${half}-)`, headers: rangeHeaders, status: 206, length: stored.size - half },
  ];
  const servers = [
    { name: "portal", url: `${portal.url}/api/documents/${id}/download`, pid: portal.pid },
    { name: "bare", url: `${bare.url}/file`, pid: bare.pid },
  ];
  /** @type {Map<string, Array<{ rate: number, firstByteMs: number, streamRate: number, cpuMs: number }>>} */
  const runs = new Map();
  // One unmeasured round first: code loaded, file in the page cache, connections warm.
  for (const round of [-1, ...Array.from({ length: reps }, (_, i) => i)]) {
    for (const c of cases) {
      for (const s of servers) {
        const cpuBefore = cpuSeconds(s.pid);
        const run = await download(s.url, c.headers, c.status, c.length);
        const cpuMs = (cpuSeconds(s.pid) - cpuBefore) * 1000;
        if (round < 0) continue;
        const key = `${c.name}\0${s.name}`;
        runs.set(key, [...(runs.get(key) ?? []), { ...run, cpuMs }]);
      }
    }
  }

  const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`\nDownloads of a ${(stored.size / MB).toFixed(1)} MB file over loopback, ${reps} runs each (load average ${load}):\n`);
  printTable(
    cases.map((c) => {
      const portalRuns = runs.get(`${c.name}\0portal`) ?? [];
      const bareRuns = runs.get(`${c.name}\0bare`) ?? [];
      const portalRates = portalRuns.map((r) => r.rate);
      const bareRates = bareRuns.map((r) => r.rate);
      const p = median(portalRates);
      const b = median(bareRates);
      return {
        request: c.name,
        "portal MB/s (median)": p.toFixed(0),
        "portal min-max": `${Math.min(...portalRates).toFixed(0)}-${Math.max(...portalRates).toFixed(0)}`,
        "bare MB/s (median)": b.toFixed(0),
        "bare min-max": `${Math.min(...bareRates).toFixed(0)}-${Math.max(...bareRates).toFixed(0)}`,
        "portal/bare": (p / b).toFixed(2),
        "after first byte": (median(portalRuns.map((r) => r.streamRate)) / median(bareRuns.map((r) => r.streamRate))).toFixed(2),
        "first byte ms portal/bare": `${median(portalRuns.map((r) => r.firstByteMs)).toFixed(1)}/${median(bareRuns.map((r) => r.firstByteMs)).toFixed(1)}`,
        "server CPU ms portal/bare": `${median(portalRuns.map((r) => r.cpuMs)).toFixed(0)}/${median(bareRuns.map((r) => r.cpuMs)).toFixed(0)}`,
      };
    }),
  );
}

await cleanups.guard(main);
