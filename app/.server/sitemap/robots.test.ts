import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots";

/** Whether a path may be crawled under `rules`, as RFC 9309 says: the longest matching rule wins, Allow on a tie. */
function allowed(rules: string, path: string): boolean {
  let best: { length: number; allow: boolean } | null = null;
  for (const line of rules.split("\n")) {
    const m = /^(Allow|Disallow): (.+)$/.exec(line);
    if (!m) continue;
    const pattern = new RegExp(`^${m[2]!.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}`);
    if (!pattern.test(path)) continue;
    const candidate = { length: m[2]!.length, allow: m[1] === "Allow" };
    if (!best || candidate.length > best.length || (candidate.length === best.length && candidate.allow)) best = candidate;
  }
  return best?.allow ?? true;
}

describe("robots.txt", () => {
  const rules = robotsTxt("https://portal.example.org");

  it("names the sitemap by its absolute address", () => {
    expect(rules).toMatch(/^User-agent: \*\n/);
    expect(rules).toContain("\nSitemap: https://portal.example.org/sitemap.xml\n");
  });

  it("lets crawlers read the public pages, the sitemap's files and the thumbnails", () => {
    for (const path of [
      "/",
      "/documents",
      "/reports",
      "/document/abc",
      "/public-document/abc",
      "/document/abc/text",
      "/dashboards/d1",
      "/about",
      "/tools/url-decoder",
      "/sitemap.xml",
      "/sitemaps/2.xml",
      "/api/documents/abc/thumbnail?v=0123456789abcdef",
      "/api/dashboards/d1/thumbnail?v=1",
    ]) {
      expect(allowed(rules, path), path).toBe(true);
    }
  });

  it("keeps them out of the staff portal, share links, downloads, files, streams, switches and query addresses", () => {
    for (const path of [
      "/admin",
      "/admin/login",
      "/shared/document/secret-token",
      "/shared/folder/secret-token",
      "/api/documents/abc/download",
      "/api/document/abc/download/file",
      "/api/files/abc?sig=x",
      "/api/attachments/abc",
      "/api/events",
      "/api/public/documents",
      "/preferences/language",
      "/unauthorized",
      "/documents?q=camp",
      "/reports?page=2",
      "/document/abc?preview=1",
    ]) {
      expect(allowed(rules, path), path).toBe(false);
    }
  });
});
