import { describe, expect, it } from "vitest";
import { escapeXml, sitemapElement, URLSET_CLOSE, URLSET_OPEN, urlElement, w3cDatetime } from "./xml";

describe("escapeXml", () => {
  it("escapes the five entities, so an address can never close its element", () => {
    expect(escapeXml(`https://x.org/a?b=1&c=<d>"e"'f'`)).toBe("https://x.org/a?b=1&amp;c=&lt;d&gt;&quot;e&quot;&apos;f&apos;");
    expect(escapeXml("</loc></url><url><loc>https://evil.example")).not.toContain("<");
  });

  it("drops what XML 1.0 cannot carry and keeps every other character", () => {
    expect(escapeXml("a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFF")).toBe("abcdef");
    expect(escapeXml("tab\there\nline\rcr")).toBe("tab\there\nline\rcr");
    expect(escapeXml("a\uD800b\uDC00c")).toBe("a\uFFFDb\uFFFDc");
    expect(escapeXml("Muqdisho \u2028 💧 مخيمات")).toBe("Muqdisho \u2028 💧 مخيمات");
  });
});

describe("w3cDatetime", () => {
  it("writes a stored time in UTC and refuses what is not a time", () => {
    expect(w3cDatetime("2026-02-14T09:00:00.000Z")).toBe("2026-02-14T09:00:00.000Z");
    expect(w3cDatetime("2026-02-14T12:00:00+03:00")).toBe("2026-02-14T09:00:00.000Z");
    expect(w3cDatetime("yesterday")).toBeNull();
    expect(w3cDatetime("")).toBeNull();
    expect(w3cDatetime(null)).toBeNull();
  });
});

describe("sitemap elements", () => {
  it("writes a url with its lastmod, and without one when the time is unknown", () => {
    expect(urlElement({ loc: "https://portal.example.org/document/a&b", lastmod: "2026-02-14T09:00:00.000Z" })).toBe(
      "<url><loc>https://portal.example.org/document/a&amp;b</loc><lastmod>2026-02-14T09:00:00.000Z</lastmod></url>\n",
    );
    expect(urlElement({ loc: "https://portal.example.org/", lastmod: "not a time" })).toBe(
      "<url><loc>https://portal.example.org/</loc></url>\n",
    );
    expect(sitemapElement({ loc: "https://portal.example.org/sitemaps/1.xml" })).toBe(
      "<sitemap><loc>https://portal.example.org/sitemaps/1.xml</loc></sitemap>\n",
    );
  });

  it("opens with the XML declaration and the protocol's namespace", () => {
    expect(URLSET_OPEN).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(URLSET_CLOSE).toBe("</urlset>\n");
  });
});
