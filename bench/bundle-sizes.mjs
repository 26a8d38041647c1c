// @ts-check
/**
 * What JavaScript each public page loads, read from the production build (build/client): React
 * Router writes its browser manifest (assets/manifest-<hash>.js: the entry, and per route its
 * module and the chunks it imports). A page loads the manifest, the entry with its imports, and
 * the module and imports of every route its address matches (root, the public layout, the page).
 * Used by `npm run bench:bundle` (the report) and tests/e2e/page-weight.spec.ts (the budget).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoutes } from "react-router";

/** The public pages: every child of the public layout, with a sample address for each. */
const PUBLIC_LAYOUT = "routes/public/layout";

/**
 * @typedef {{ id: string, parentId?: string, path?: string, index?: boolean, module: string, imports?: string[], css?: string[] }} ManifestRoute
 * @typedef {{ entry: { module: string, imports: string[] }, routes: Record<string, ManifestRoute>, url: string }} Manifest
 * @typedef {"framework" | "i18n" | "own"} Kind
 * @typedef {{ file: string, raw: number, brotli: number, shares: Record<Kind, number> }} FileSize
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

/** The route ids an address matches, root first. @param {Manifest} manifest @param {string} pathname */
export function matchedRouteIds(manifest, pathname) {
  /** @typedef {{ id: string, path?: string, index?: boolean, children: Tree[] }} Tree */
  /** @type {Map<string, Tree>} */
  const nodes = new Map();
  for (const r of Object.values(manifest.routes)) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, children: [] });
  /** @type {Tree[]} */
  const top = [];
  for (const r of Object.values(manifest.routes)) {
    const node = /** @type {Tree} */ (nodes.get(r.id));
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : top).push(node);
  }
  const matches = matchRoutes(/** @type {any} */ (top), pathname) ?? [];
  return matches.map((m) => /** @type {string} */ (m.route.id));
}

/**
 * The JavaScript files one address loads, in load order, without repeats. Not the manifest file:
 * with React Router's lazy route discovery (its default) the page carries the part it needs inline.
 * @param {Manifest} manifest @param {string} pathname
 */
export function scriptsFor(manifest, pathname) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of matchedRouteIds(manifest, pathname)) {
    const route = manifest.routes[id];
    if (!route) continue;
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return [...files];
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
 * What each browser file is made of: per module its id, minified length and kind (React's, the
 * languages', the pages' own: tooling/module-kinds.ts), written by tooling/browser-modules-report.ts
 * with the build.
 * @param {string} clientDir build/client
 * @returns {Record<string, Array<[string, number, Kind]>>}
 */
export function readModules(clientDir) {
  const file = path.join(clientDir, "..", "browser-modules.json");
  if (!fs.existsSync(file)) throw new Error(`no ${file}: build first`);
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/**
 * A file's bytes shared out among the kinds, in proportion to the minified bytes of each kind's
 * modules in it: the bundler may put React and a page's code in one file (grouping small modules
 * saves round trips), and the shares stay what they are.
 * @param {Record<string, Array<[string, number, Kind]>>} modules @param {string} file `/assets/x.js` @param {number} bytes
 * @returns {Record<Kind, number>}
 */
export function fileShares(modules, file, bytes) {
  /** @type {Record<Kind, number>} */
  const minified = { framework: 0, i18n: 0, own: 0 };
  for (const [, length, kind] of modules[file.replace(/^\//, "")] ?? []) minified[kind] += length;
  const total = minified.framework + minified.i18n + minified.own;
  if (total === 0) return { framework: 0, i18n: 0, own: bytes };
  return { framework: (bytes * minified.framework) / total, i18n: (bytes * minified.i18n) / total, own: (bytes * minified.own) / total };
}

/**
 * The public catalogue of a language: the browser loads it before hydrating (entry.client.tsx).
 * @param {string} clientDir @param {string} language
 */
export function catalogueFile(clientDir, language) {
  const name = fs.readdirSync(path.join(clientDir, "assets")).find((f) => new RegExp(`^messages-${language}-public-[\\w-]+\\.js$`).test(f));
  if (!name) throw new Error(`no public catalogue for ${language} in ${clientDir}/assets: build first`);
  return `/assets/${name}`;
}

/**
 * The pages that do not hydrate (decision 0038: app/lib/enhanced-pages.json, which the app reads
 * too) and the files of their enhancements (build/enhance.json, written by the build).
 * @param {string} clientDir build/client
 * @returns {{ routes: Set<string>, files: string[] }}
 */
export function readEnhanced(clientDir) {
  const list = path.join(import.meta.dirname, "..", "app", "lib", "enhanced-pages.json");
  const report = path.join(clientDir, "..", "enhance.json");
  if (!fs.existsSync(report)) throw new Error(`no ${report}: build first`);
  /** @type {{ entry: string, imports: string[] }} */
  const enhance = JSON.parse(fs.readFileSync(report, "utf8"));
  return { routes: new Set(JSON.parse(fs.readFileSync(list, "utf8"))), files: [enhance.entry, ...enhance.imports] };
}

/**
 * Per public page: its JavaScript files with raw and brotli sizes, and the totals, for a reader
 * of the given language (its public catalogue included). A page that does not hydrate loads its
 * enhancements only: the pages' own code, and no catalogue (its texts are in its HTML).
 * @param {string} clientDir build/client
 * @param {string} [language]
 * @returns {Array<{ id: string, pathname: string, hydrates: boolean, files: FileSize[], raw: number, brotli: number, shares: Record<Kind, number> }>}
 */
export function publicBundles(clientDir, language = "en") {
  const manifest = readManifest(clientDir);
  const modules = readModules(clientDir);
  /** @type {Map<string, FileSize>} */
  const sizes = new Map();
  /** @param {string} file */
  const size = (file) => {
    let s = sizes.get(file);
    if (!s) {
      const bytes = fs.readFileSync(path.join(clientDir, file));
      const brotli = brotliSize(bytes);
      s = { file, raw: bytes.length, brotli, shares: fileShares(modules, file, brotli) };
      sizes.set(file, s);
    }
    return s;
  };
  const enhanced = readEnhanced(clientDir);
  return publicPages(manifest).map(({ id, pathname }) => {
    const hydrates = !matchedRouteIds(manifest, pathname).some((route) => enhanced.routes.has(route));
    const files = (hydrates ? [...scriptsFor(manifest, pathname), catalogueFile(clientDir, language)] : enhanced.files).map(size);
    /** @param {Kind} kind */
    const share = (kind) => files.reduce((n, f) => n + f.shares[kind], 0);
    return {
      id,
      pathname,
      hydrates,
      files,
      raw: files.reduce((n, f) => n + f.raw, 0),
      brotli: files.reduce((n, f) => n + f.brotli, 0),
      shares: { framework: share("framework"), i18n: share("i18n"), own: share("own") },
    };
  });
}
