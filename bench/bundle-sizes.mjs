// @ts-check
/**
 * What JavaScript each public page loads, read from the production build (build/client). Public
 * pages do not hydrate (decision 0038): each loads the enhancements (app/enhance/), which the build
 * lists in build/enhance.json; React Router's browser manifest (assets/manifest-<hash>.js) gives
 * the public pages and a sample address of each. Used by `npm run bench:bundle` (the report) and
 * tests/e2e/page-weight.spec.ts (the budget).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The public pages: every child of the public layout, with a sample address for each. */
const PUBLIC_LAYOUT = "routes/public/layout";

/**
 * @typedef {{ id: string, parentId?: string, path?: string, index?: boolean, module: string, imports?: string[], css?: string[] }} ManifestRoute
 * @typedef {{ entry: { module: string, imports: string[] }, routes: Record<string, ManifestRoute>, url: string }} Manifest
 * @typedef {{ file: string, raw: number, brotli: number }} FileSize
 */

/** @param {string} clientDir build/client @returns {Manifest} */
export function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const name = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!name) throw new Error(`no React Router manifest in ${assets}: build first`);
  const text = fs.readFileSync(path.join(assets, name), "utf8");
  // The file is one assignment: window.__reactRouterManifest={...};
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/**
 * Brotli at quality 4: what the server's compression sends (the `compression` package's default).
 * @param {Buffer} bytes
 */
export function brotliSize(bytes) {
  return zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
}

/** A sample address of each public page (a parameter becomes "sample"). @param {Manifest} manifest */
export function publicPages(manifest) {
  /** @type {Array<{ id: string, pathname: string }>} */
  const pages = [];
  /** @param {string} parentId @param {string} prefix */
  const walk = (parentId, prefix) => {
    for (const r of Object.values(manifest.routes)) {
      if (r.parentId !== parentId) continue;
      const here = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, "/") : prefix;
      const hasChildren = Object.values(manifest.routes).some((c) => c.parentId === r.id);
      if (hasChildren) walk(r.id, here);
      else pages.push({ id: r.id, pathname: (here || "/").replace(/:\w+/g, "sample").replace("*", "no-such-page") });
    }
  };
  walk(PUBLIC_LAYOUT, "");
  return pages;
}

/**
 * The public pages' enhancements as the build lists them (build/enhance.json): the entry, what it
 * imports before it runs, and the source modules bundled into them.
 * @param {string} clientDir build/client
 * @returns {{ entry: string, imports: string[], modules: string[], moduleBytes: Record<string, number> }}
 */
export function readEnhance(clientDir) {
  const report = path.join(clientDir, "..", "enhance.json");
  if (!fs.existsSync(report)) throw new Error(`no ${report}: build first`);
  return JSON.parse(fs.readFileSync(report, "utf8"));
}

/**
 * Per public page: its JavaScript files with raw and brotli sizes, and the total: the enhancements
 * (the pages' own code; no catalogue, the texts are in the HTML).
 * @param {string} clientDir build/client
 * @returns {Array<{ id: string, pathname: string, files: FileSize[], raw: number, brotli: number }>}
 */
export function publicBundles(clientDir) {
  const manifest = readManifest(clientDir);
  const { entry, imports } = readEnhance(clientDir);
  const files = [entry, ...imports].map((file) => {
    const bytes = fs.readFileSync(path.join(clientDir, file));
    return { file, raw: bytes.length, brotli: brotliSize(bytes) };
  });
  return publicPages(manifest).map(({ id, pathname }) => ({
    id,
    pathname,
    files,
    raw: files.reduce((n, f) => n + f.raw, 0),
    brotli: files.reduce((n, f) => n + f.brotli, 0),
  }));
}
