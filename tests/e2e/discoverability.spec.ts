import { expect } from "@playwright/test";
import { startDemoPortal } from "./support/demo-portal";
import type { RunningPortal } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 15 item 4 in a real browser (decision 0032): robots.txt names the sitemap; the sitemap
 * is well-formed XML in the protocol's namespace (the browser's own XML parser reads it); a
 * document's page found through it carries Open Graph tags and a JSON-LD block that parses, and
 * the block is data: the page's script policy refuses nothing (the `test` fixture fails on any
 * refusal in the console).
 */

let portal: RunningPortal & { dispose(): Promise<void> };
const base = () => portal.url;

test.beforeAll(async () => {
  // The demo's library: published documents, with descriptions.
  portal = await startDemoPortal();
});
test.afterAll(async () => portal?.dispose());
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

test("robots.txt and the sitemap lead a crawler to documents whose heads preview well", async ({ page }) => {
  await page.goto(`${base()}/about`);
  const robots = await page.evaluate(async () => (await fetch("/robots.txt")).text());
  expect(robots).toContain(`Sitemap: ${base()}/sitemap.xml`);

  const sitemap = await page.evaluate(async (ns) => {
    const res = await fetch("/sitemap.xml");
    const doc = new DOMParser().parseFromString(await res.text(), "application/xml");
    const urls = [...doc.getElementsByTagNameNS(ns, "url")];
    return {
      type: res.headers.get("content-type"),
      errors: doc.getElementsByTagName("parsererror").length,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      urls: urls.map((u) => ({
        loc: u.getElementsByTagNameNS(ns, "loc")[0]?.textContent ?? "",
        lastmod: u.getElementsByTagNameNS(ns, "lastmod")[0]?.textContent ?? null,
        children: [...u.children].map((c) => c.localName),
      })),
    };
  }, SITEMAP_NS);
  expect(sitemap).toMatchObject({ type: "application/xml; charset=utf-8", errors: 0, root: "urlset", namespace: SITEMAP_NS });
  for (const url of sitemap.urls) {
    expect(url.loc.startsWith(`${base()}/`), url.loc).toBe(true);
    expect(
      url.children.every((name) => name === "loc" || name === "lastmod"),
      url.loc,
    ).toBe(true);
  }
  const documents = sitemap.urls.filter((u) => new URL(u.loc).pathname.startsWith("/document/"));
  // The demo's published documents, each with its last change.
  expect(documents.length).toBeGreaterThan(20);
  expect(documents.every((d) => d.lastmod && !Number.isNaN(Date.parse(d.lastmod)))).toBe(true);
  expect(sitemap.urls.map((u) => new URL(u.loc).pathname)).toEqual(expect.arrayContaining(["/", "/documents", "/reports", "/about"]));

  await page.goto(documents[0]!.loc);
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  const head = await page.evaluate(() => {
    const meta = (key: string) =>
      document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
    const blocks = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? "");
    return {
      ogType: meta("og:type"),
      ogTitle: meta("og:title"),
      ogUrl: meta("og:url"),
      ogDescription: meta("og:description"),
      ogLocale: meta("og:locale"),
      twitterCard: meta("twitter:card"),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      blocks,
    };
  });
  expect(head).toMatchObject({
    ogType: "article",
    ogTitle: title?.trim(),
    ogUrl: documents[0]!.loc,
    ogLocale: "en_GB",
    twitterCard: "summary",
    canonical: documents[0]!.loc,
  });
  expect(head.ogDescription?.length).toBeGreaterThan(0);
  expect(head.blocks).toHaveLength(1);
  // The head fetches no script: the JSON-LD block is data (the page-weight rule, decision 0028).
  const scripts = await page.evaluate(() => [...document.head.querySelectorAll("script")].map((s) => s.type));
  expect(scripts).toEqual(["application/ld+json"]);
  const ld = JSON.parse(head.blocks[0]!) as Record<string, unknown>;
  expect(ld).toMatchObject({ "@context": "https://schema.org", url: documents[0]!.loc, name: title?.trim() });
  expect(["Report", "DigitalDocument"]).toContain(ld["@type"]);
});
