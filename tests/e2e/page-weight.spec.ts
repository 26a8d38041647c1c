import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { publicBundles } from "../../bench/bundle-sizes.mjs";
import { test } from "./support/test";

/**
 * Issue 13 (decision 0028): on a thin link the content comes first and the JavaScript stays small.
 * The served HTML has its stylesheet inline and nothing in its head that fetches a script; the
 * production build (run.mjs builds it first) gives no public page more JavaScript than its budget.
 */

const clientDir = path.resolve(import.meta.dirname, "..", "..", "build", "client");
const base = () => process.env.PORTAL_URL!;

/**
 * Brotli KB (quality 4, as served), weighed by module (bench/bundle-sizes.mjs: a file's bytes
 * shared out in proportion to what each module put in it), so the shares hold however the build
 * groups modules into files (tooling/shell-chunks.ts). React, React DOM and React Router are
 * about 110 KB of it on every page, whatever the page does; what the pages themselves add is
 * kept apart, so that a library slipping back into every page (the toasts' 10 KB, the dialog's
 * 14 KB) fails here, not on a responder's phone.
 */
const FRAMEWORK_BUDGET_KB = 114;
const PAGE_CODE_BUDGET_KB = 28;
/**
 * The languages' share (decision 0031): Lingui's runtime (about 4 KB with its React binding,
 * which the budget by file counted as React's until the shares were weighed by module) and the
 * reader's language's public catalogue (every public text; the build replaces the texts in the pages' code
 * by short ids, so the pages' own code does not carry them).
 */
const LANGUAGES_BUDGET_KB = 11;
/**
 * A page that does not hydrate (decision 0038): all its JavaScript, issue 13's line. Its texts are
 * in its HTML, so it loads no catalogue; none of it is React's.
 */
const ENHANCED_PAGE_BUDGET_KB = 60;

/**
 * Sample addresses of the public pages that hydrate and of those that do not (decision 0038: the
 * pages move one by one, app/lib/enhanced-pages.json); a parameter is "sample", so a document's
 * page is its "not found" page. The admin sign-in page hydrates, and always will.
 */
const publicPaths = (hydrates: boolean) => publicBundles(clientDir).flatMap((p) => (p.hydrates === hydrates ? [p.pathname] : []));

test("the head carries the stylesheet and no script; the scripts' preloads follow the content", async ({ request }) => {
  for (const pathname of ["/admin/login", ...publicPaths(true)]) {
    const response = await request.get(`${base()}${pathname}`);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const body = html.slice(html.indexOf("</head>"));
    // Booleans and short strings: a failure prints no 45 KB stylesheet.
    const style = head.slice(head.indexOf("<style>"), head.indexOf("</style>"));
    expect(style.length > 10_000 && style.includes(".btn{"), `${pathname}: the stylesheet inline in the head`).toBe(true);
    expect(head.match(/rel="(stylesheet|modulepreload)"[^>]*|<script[^>]*/g), `${pathname}: what the head fetches`).toBeNull();
    // Every module is still preloaded in one wave, after the main content, with the response's
    // nonce; a page from the anonymous page cache has none (its policy lets 'self' load them).
    const preloads = [...body.matchAll(/<link rel="modulepreload" href="([^"]+)"(?: nonce="([^"]+)")?\/>/g)];
    expect(preloads.length, pathname).toBeGreaterThan(3);
    expect(body.indexOf(preloads[0]![0]), pathname).toBeGreaterThan(body.indexOf("</main>"));
    const cached = response.headers()["x-page-cache"] !== undefined;
    expect(
      preloads.every((m) => (cached ? m[2] === undefined : m[2] !== undefined && m[2] === preloads[0]![2])),
      `${pathname}: ${cached ? "no nonce on a cached page" : "the response's nonce on every preload"}`,
    ).toBe(true);
  }
});

test("a page that does not hydrate loads one script after its content, and no catalogue", async ({ request }) => {
  const enhanced = publicPaths(false);
  expect(enhanced).toEqual(expect.arrayContaining(["/", "/about"]));
  for (const pathname of enhanced) {
    const response = await request.get(`${base()}${pathname}`);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.match(/rel="(stylesheet|modulepreload)"[^>]*|<script[^>]*/g), `${pathname}: what the head fetches`).toBeNull();
    const scripts = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
    expect(scripts, pathname).toHaveLength(1);
    expect(scripts[0], pathname).toMatch(/^<script type="module" src="\/assets\/enhance-[\w-]+\.js"/);
    expect(html.indexOf(scripts[0]!), pathname).toBeGreaterThan(html.indexOf("</main>"));
    expect(html, `${pathname}: no module preloads, no catalogue`).not.toContain("modulepreload");
  }
});

test("the reader's catalogue is preloaded with the page's modules, in the reader's language", async ({ request }) => {
  const preloaded = async (pathname: string, language?: string) => {
    const response = await request.get(`${base()}${pathname}`, language ? { headers: { Cookie: `lang=${language}` } } : {});
    const html = await response.text();
    const body = html.slice(html.indexOf("</head>"));
    return [...body.matchAll(/<link rel="modulepreload" href="\/assets\/(messages-.+?-(?:public|admin))-[\w-]+\.js"/g)].map((m) => m[1]);
  };
  expect(await preloaded("/admin/login")).toEqual(["messages-en-public", "messages-en-admin"]);
  expect(await preloaded("/admin/login", "so")).toEqual(["messages-so-public", "messages-so-admin"]);
  // A public page that still hydrates loads the public catalogue only.
  for (const pathname of publicPaths(true)) expect(await preloaded(pathname, "so"), pathname).toEqual(["messages-so-public"]);
});

/**
 * lucide-react's runtime (createLucideIcon and its Icon, about 2 KB, and a module per icon): public
 * pages draw their icons with components/ui/line-icon.tsx instead, so it stays on the admin pages.
 * Known by its chunk's name or by a prop name of its Icon that survives minifying.
 */
const isLucideReactRuntime = (file: string) =>
  /createLucideIcon/.test(file) || fs.readFileSync(path.join(clientDir, file), "utf8").includes("absoluteStrokeWidth");

test("no public page loads more JavaScript than its budget, in either language", () => {
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  for (const language of ["en", "so"]) {
    const pages = publicBundles(clientDir, language);
    expect(pages.map((p) => p.pathname)).toEqual(expect.arrayContaining(["/", "/reports", "/document/sample"]));
    for (const page of pages) {
      const biggest = [...page.files].sort((a, b) => b.shares.own - a.shares.own).slice(0, 5);
      const detail = `${language} ${page.pathname}: biggest ${biggest.map((f) => `${f.file} ${kb(f.shares.own)} KB`).join(", ")}`;
      if (!page.hydrates) {
        expect(kb(page.brotli), `${language} ${page.pathname}: a page that does not hydrate`).toBeLessThanOrEqual(ENHANCED_PAGE_BUDGET_KB);
        expect(page.shares.framework + page.shares.i18n, `${language} ${page.pathname}: React or a catalogue`).toBe(0);
      }
      expect(kb(page.shares.framework), `${language} ${page.pathname}`).toBeLessThanOrEqual(FRAMEWORK_BUDGET_KB);
      expect(kb(page.shares.i18n), `${language} ${page.pathname}: the languages' share`).toBeLessThanOrEqual(LANGUAGES_BUDGET_KB);
      expect(kb(page.shares.own), detail).toBeLessThanOrEqual(PAGE_CODE_BUDGET_KB);
      expect(
        page.files.filter((f) => isLucideReactRuntime(f.file)).map((f) => f.file),
        `${language} ${page.pathname}: lucide-react`,
      ).toEqual([]);
    }
  }
});
