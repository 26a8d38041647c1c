#!/usr/bin/env node
// @ts-check
/**
 * Issue 13: how much JavaScript each public page loads before it is interactive (the manifest,
 * the entry and its chunks, every matched route's module and chunks), from the production build.
 * Builds first when the sources changed. Prints, per public page, its files with raw and brotli
 * sizes (quality 4, as the server sends them), then one summary table.
 *
 *   npm run bench:bundle               (-- --files: every page's file list, not only the first)
 */
import path from "node:path";
import { publicBundles } from "./bundle-sizes.mjs";
import { ensureBuild, printTable, root } from "./support.mjs";

const kb = (/** @type {number} */ n) => (n / 1024).toFixed(1);

ensureBuild();
const pages = publicBundles(path.join(root, "build", "client"));
const everyList = process.argv.includes("--files");

// The files of each page; they repeat from page to page, so only the first page's unless asked.
for (const page of everyList ? pages : pages.slice(0, 1)) {
  console.log(`\n${page.pathname} (${page.id}): ${page.files.length} files`);
  printTable(
    [...page.files]
      .sort((a, b) => b.brotli - a.brotli)
      .map((f) => ({ file: f.file.replace("/assets/", ""), "raw KB": kb(f.raw), "brotli KB": kb(f.brotli) })),
  );
}

// What each page adds beyond the files every public page loads.
const shared = new Set(
  (pages[0]?.files ?? []).map((f) => f.file).filter((file) => pages.every((p) => p.files.some((f) => f.file === file))),
);
/** @param {(typeof pages)[number]} page @param {"framework" | "i18n" | "own"} kind */
const kindKb = (page, kind) => kb(page.shares[kind]);
const somali = new Map(publicBundles(path.join(root, "build", "client"), "so").map((p) => [p.pathname, p]));
console.log(
  "\nEvery public page (brotli quality 4, as served; an English reader's, and the Somali reader's languages share;\n" +
    "the shares by module, a file's bytes divided in proportion to each module's minified length)",
);
printTable(
  pages.map((p) => ({
    page: p.pathname,
    // Decision 0038: a page that does not hydrate loads the enhancements (app/enhance/) only.
    scripts: p.hydrates ? "hydrates" : "enhanced",
    files: p.files.length,
    "raw KB": kb(p.raw),
    "brotli KB": kb(p.brotli),
    "React+RR KB": kindKb(p, "framework"),
    "languages KB (en)": kindKb(p, "i18n"),
    "languages KB (so)": kindKb(/** @type {(typeof pages)[number]} */ (somali.get(p.pathname)), "i18n"),
    "page's own KB": kindKb(p, "own"),
    "not on every page KB": kb(p.files.filter((f) => !shared.has(f.file)).reduce((n, f) => n + f.brotli, 0)),
  })),
);
