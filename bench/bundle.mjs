#!/usr/bin/env node
// @ts-check
/**
 * Issue 13: how much JavaScript each public page loads before it is interactive, from the
 * production build. Public pages do not hydrate (decision 0038): each loads the enhancements
 * (app/enhance/, build/enhance.json). Builds first when the sources changed. Prints the files with
 * raw and brotli sizes (quality 4, as the server sends them), what the largest source modules add to them,
 * then one line per public page.
 *
 *   npm run bench:bundle
 */
import path from "node:path";
import { publicBundles, readEnhance } from "./bundle-sizes.mjs";
import { ensureBuild, printTable, root } from "./support.mjs";

const kb = (/** @type {number} */ n) => (n / 1024).toFixed(1);

ensureBuild();
const clientDir = path.join(root, "build", "client");
const pages = publicBundles(clientDir);

console.log("\nThe enhancements' files (every public page loads the same)");
printTable((pages[0]?.files ?? []).map((f) => ({ file: f.file.replace("/assets/", ""), "raw KB": kb(f.raw), "brotli KB": kb(f.brotli) })));

// What each part weighs: the bytes each source module adds to the minified file (esbuild's
// report; code tree-shaken away counts nothing), and that share of the file's brotli size.
const { moduleBytes } = readEnhance(clientDir);
const bundledBytes = Object.values(moduleBytes).reduce((n, b) => n + b, 0);
const brotliTotal = (pages[0]?.files ?? []).reduce((n, f) => n + f.brotli, 0);
const weighed = Object.entries(moduleBytes)
  .sort(([, a], [, b]) => b - a)
  .map(([module, bytes]) => ({
    module,
    "minified KB": kb(bytes),
    share: `${((100 * bytes) / bundledBytes).toFixed(1)}%`,
    "brotli KB (by share)": kb((brotliTotal * bytes) / bundledBytes),
  }));
console.log(`\nTheir ${weighed.length} source modules, the 15 largest, by the bytes each adds to the minified files`);
printTable(weighed.slice(0, 15));

console.log("\nEvery public page (brotli quality 4, as served)");
printTable(pages.map((p) => ({ page: p.pathname, files: p.files.length, "raw KB": kb(p.raw), "brotli KB": kb(p.brotli) })));
