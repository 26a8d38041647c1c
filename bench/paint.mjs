#!/usr/bin/env node
// @ts-check
/**
 * Issue 13: on a thin link, when does what the reader came for appear? The production build with
 * the demo content and with N generated documents (SQLite), on loopback, read by Chromium through an emulated link (CDP
 * Network.emulateNetworkConditions: 400 ms latency, 400 kbit/s each way, cache disabled), a fresh
 * page for each load. For `/`, `/reports` and the newest document's page, several loads each;
 * prints the medians:
 *
 * - title: when the newest document's title was first painted. The page's own markup is not
 *   touched: a script injected before the page's (addInitScript) watches the parser with a
 *   MutationObserver and marks the element holding that title with `elementtiming` as soon as it
 *   is inserted, before any paint; the Element Timing API (PerformanceObserver "element") then
 *   reports the time its text was painted.
 * - fcp: first contentful paint; css: when the stylesheet's last byte arrived (0 when the page
 *   needs none fetched); 1st script: when the first JavaScript request started; scripts done:
 *   when the last JavaScript request finished (all of it arrived, hydration follows); JS KB: the
 *   bytes of JavaScript as transferred (Resource Timing's encodedBodySize), all after the load.
 *   Times are from the start of the navigation.
 *
 *   npm run bench:paint -- [--runs 5] [--sizes demo,100000]     (CHROMIUM_PATH, default /usr/bin/chromium)
 *
 * With the page cache on, as in production: the first load of each page (not counted) renders it,
 * the counted ones are served from the cache; the detail page is rendered for every load.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { cleanupRegistry, ensureBuild, portalArgv, printTable, root, snapshotBuild, startServer, tempDataDir } from "./support.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, sizes: { type: "string", default: "demo" } } });
const RUNS = Number(values.runs);
const SIZES = String(values.sizes).split(",");
/** 400 kbit/s in bytes per second, as CDP wants it. */
const THROUGHPUT = (400 * 1000) / 8;
const LATENCY_MS = 400;
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const cleanups = cleanupRegistry("bench:paint", 45 * 60_000);

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Runs in the page before its own scripts: marks the title's element for Element Timing. @param {string} title */
function watchTitle(title) {
  const w = /** @type {any} */ (window);
  w.__paint = { title: 0, fcp: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const entry = /** @type {any} */ (e);
      if (entry.identifier === "bench-title" && !w.__paint.title) w.__paint.title = entry.renderTime || entry.loadTime;
    }
  }).observe({ type: "element", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") w.__paint.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  const mark = () => {
    for (const el of document.querySelectorAll("h1, h2, h3, a")) {
      if (el.textContent?.trim() === title && !el.hasAttribute("elementtiming")) {
        el.setAttribute("elementtiming", "bench-title");
        return true;
      }
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (mark()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * One load of `url` through the emulated link, in a fresh context.
 * @param {import("@playwright/test").Browser} browser @param {string} url @param {string} title
 */
async function load(browser, url, title) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: THROUGHPUT,
    uploadThroughput: THROUGHPUT,
  });
  await page.addInitScript(watchTitle, title);
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  // Modules imported after the load (none expected) and the title's paint entry.
  await page.waitForFunction(() => /** @type {any} */ (window).__paint.title > 0, null, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  const result = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"));
    const js = resources.filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname));
    const css = resources.filter((r) => new URL(r.name).pathname.endsWith(".css"));
    return {
      title: w.__paint.title,
      fcp: w.__paint.fcp,
      css: css.length ? Math.max(...css.map((r) => r.responseEnd)) : 0,
      firstScript: js.length ? Math.min(...js.map((r) => r.startTime)) : 0,
      scriptsDone: js.length ? Math.max(...js.map((r) => r.responseEnd)) : 0,
      jsBytes: js.reduce((n, r) => n + r.encodedBodySize, 0),
      jsFiles: js.length,
    };
  });
  await context.close();
  return result;
}

await cleanups.guard(async () => {
  ensureBuild();
  const build = snapshotBuild();
  cleanups.add(build.remove);
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
  cleanups.add(() => browser.close());
  /** @type {Array<Record<string, string | number>>} */
  const rows = [];
  for (const size of SIZES) rows.push(...(await measureSize(build.bundle, browser, size)));
  console.log(`\nMedians of ${RUNS} loads each; ${LATENCY_MS} ms latency, 400 kbit/s down and up, cache disabled`);
  printTable(rows);
});

/**
 * The pages of one library size: the demo content, or N generated documents (fill-documents).
 * @param {string} bundle @param {import("@playwright/test").Browser} browser @param {string} size
 */
async function measureSize(bundle, browser, size) {
  const dataDir = tempDataDir();
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  cleanups.add(removeData);
  const env = { NODE_ENV: "production", DATABASE_URL: "", S3_BUCKET: "", READ_FILES: "false" };
  const [command, args] = size === "demo" ? ["demo", []] : ["fill-documents", ["--count", size]];
  const [cmd = "", ...argv] = portalArgv(command, args, { bundle });
  const filled = spawnSync(cmd, argv, {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 30 * 60_000,
  });
  if (filled.status !== 0) throw new Error(`portal ${command} failed:\n${filled.stdout}${filled.stderr}`);

  const server = await startServer(dataDir, { env, bundle });
  try {
    const newest = /** @type {Array<{ id: string, title: string }>} */ (
      await (await fetch(`${server.url}/api/public/documents`)).json()
    )[0];
    const newestReport = /** @type {Array<{ id: string, title: string }>} */ (
      await (await fetch(`${server.url}/api/public/documents?category=Report`)).json()
    )[0];
    if (!newest || !newestReport) throw new Error("the library has no public documents");
    const pages = [
      { page: "/", url: "/", title: newest.title },
      { page: "/reports", url: "/reports", title: newestReport.title },
      { page: "/document/:id", url: `/document/${newest.id}`, title: newest.title },
    ];
    /** @type {Array<Record<string, string | number>>} */
    const rows = [];
    for (const p of pages) {
      // One load first, not counted: the server's first render of a page reads more than the next.
      await load(browser, server.url + p.url, p.title);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await load(browser, server.url + p.url, p.title));
      /** @param {keyof (typeof runs)[number]} key */
      const ms = (key) => Math.round(median(runs.map((r) => r[key])));
      rows.push({
        documents: size,
        page: p.page,
        "title ms": ms("title"),
        "fcp ms": ms("fcp"),
        "css ms": ms("css"),
        "1st script ms": ms("firstScript"),
        "scripts done ms": ms("scriptsDone"),
        "JS files": ms("jsFiles"),
        "JS KB": (median(runs.map((r) => r.jsBytes)) / 1024).toFixed(1),
      });
    }
    return rows;
  } finally {
    await server.stop();
    removeData();
  }
}
