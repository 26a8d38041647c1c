#!/usr/bin/env node
// @ts-check
/**
 * Issue 13: how much JavaScript each public page loads before it is interactive, from the
 * production build. Public pages do not hydrate (decision 0038): each loads the enhancements
 * (app/enhance/, build/enhance.json). Builds first when the sources changed. Prints the files with
 * raw and brotli sizes (quality 4, as the server sends them), the largest source modules in them,
 * then one line per public page.
 *
 *   npm run bench:bundle
 */
import fs from "node:fs";
import path from "node:path";
import { brotliSize, publicBundles, readEnhance } from "./bundle-sizes.mjs";
import { ensureBuild, printTable, root } from "./support.mjs";

const kb = (/** @type {number} */ n) => (n / 1024).toFixed(1);

ensureBuild();
const clientDir = path.join(root, "build", "client");
const pages = publicBundles(clientDir);

console.log("\nThe enhancements' files (every public page loads the same)");
printTable((pages[0]?.files ?? []).map((f) => ({ file: f.file.replace("/assets/", ""), "raw KB": kb(f.raw), "brotli KB": kb(f.brotli) })));

// What each part weighs: every source module compressed alone (an upper bound: the file
// compresses better as a whole), the largest first.
const { modules } = readEnhance(clientDir);
const weighed = modules
  .map((id) => ({ id, bytes: fs.readFileSync(path.join(root, id)) }))
  .map(({ id, bytes }) => ({ module: id, "source KB": kb(bytes.length), "brotli KB (alone)": kb(brotliSize(bytes)) }))
  .sort((a, b) => Number(b["brotli KB (alone)"]) - Number(a["brotli KB (alone)"]));
console.log(`\nTheir ${modules.length} source modules, the 15 largest (TypeScript source, before minifying)`);
printTable(weighed.slice(0, 15));

console.log("\nEvery public page (brotli quality 4, as served)");
printTable(pages.map((p) => ({ page: p.pathname, files: p.files.length, "raw KB": kb(p.raw), "brotli KB": kb(p.brotli) })));
