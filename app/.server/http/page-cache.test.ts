import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cachedPage, chooseEncoding, inlineScriptHashes, isStorable, PageCache, pageCacheKey } from "./page-cache";

const request = (over: Partial<Parameters<typeof pageCacheKey>[0]> = {}) => ({
  method: "GET",
  origin: "https://portal.example.org",
  url: "/reports?page=2",
  pathname: "/reports",
  cookie: undefined,
  authorization: undefined,
  saveData: undefined,
  acceptLanguage: undefined,
  ...over,
});

const sha = (text: string) => createHash("sha256").update(text).digest("base64");

describe("pageCacheKey", () => {
  it("keys anonymous GETs of the public pages, their data requests and the public JSON by path and query", () => {
    for (const pathname of [
      "/",
      "/_root.data",
      "/reports",
      "/reports.data",
      "/documents",
      "/document/abc/text",
      "/document/abc/text.data",
      "/dashboards",
      "/about",
      "/api/public/documents",
      "/robots.txt",
      "/sitemap.xml",
      "/sitemaps/2.xml",
    ]) {
      expect(pageCacheKey(request({ pathname, url: `${pathname}?q=x` })), pathname).toBe(`https://portal.example.org${pathname}?q=x`);
    }
  });

  it("leaves out pages that count a view, share links, admin, files, streams and anything not listed", () => {
    for (const pathname of [
      "/document/abc",
      "/document/abc.data",
      "/public-document/abc",
      "/dashboards/d1",
      "/shared/document/tok",
      "/shared/folder/tok",
      "/admin",
      "/admin/documents",
      "/api/events",
      "/api/documents/abc/download",
      "/api/files/abc",
      "/api/documents/abc/thumbnail",
      "/preferences/side-menu",
      "/healthz",
      "/document/a/b/c",
      "/sitemaps/x.xml",
      "/sitemap-2.xml",
    ]) {
      expect(pageCacheKey(request({ pathname, url: pathname })), pathname).toBeNull();
    }
  });

  it("renders for itself any request that is not a GET, is authorised, or carries a cookie the page does not key on", () => {
    expect(pageCacheKey(request({ method: "HEAD" }))).toBeNull();
    expect(pageCacheKey(request({ method: "POST" }))).toBeNull();
    expect(pageCacheKey(request({ authorization: "Basic eDp5" }))).toBeNull();
    expect(pageCacheKey(request({ cookie: "portal_session=abc" }))).toBeNull();
    expect(pageCacheKey(request({ cookie: "sidebar_state=collapsed; portal_flash=x" }))).toBeNull();
    expect(pageCacheKey(request({ cookie: "tracking" }))).toBeNull();
  });

  it("keeps each scheme and Host apart: a forged Host makes a page of its own", () => {
    const own = pageCacheKey(request());
    expect(pageCacheKey(request({ origin: "https://evil.example" }))).not.toBe(own);
    expect(pageCacheKey(request({ origin: "http://portal.example.org" }))).not.toBe(own);
  });

  it("keeps each side-menu state apart, whatever the order of the cookies", () => {
    const collapsed = pageCacheKey(request({ cookie: "sidebar_state=collapsed" }));
    expect(collapsed).not.toBeNull();
    expect(collapsed).not.toBe(pageCacheKey(request()));
    expect(collapsed).not.toBe(pageCacheKey(request({ cookie: "sidebar_state=expanded" })));
    expect(pageCacheKey(request({ cookie: " sidebar_state=collapsed ; " }))).toBe(collapsed);
  });

  it("keeps a data saver's pages apart by the mode the browser's Save-Data and the switch's cookie decide", () => {
    const normal = pageCacheKey(request());
    const saving = pageCacheKey(request({ saveData: "on" }));
    expect(saving).not.toBeNull();
    expect(saving).not.toBe(normal);
    // Save-Data's one value is on: in any spelling the same page, anything else the normal one.
    expect(pageCacheKey(request({ saveData: " On " }))).toBe(saving);
    for (const other of ["off", "", "1"]) expect(pageCacheKey(request({ saveData: other })), other).toBe(normal);

    // The switch decides: on (without the header) is a data saver's page, off (even with
    // Save-Data: on) a visitor's; each shares that page's one copy.
    expect(pageCacheKey(request({ cookie: "data_saver=on" }))).toBe(saving);
    expect(pageCacheKey(request({ cookie: "data_saver=on", saveData: "on" }))).toBe(saving);
    expect(pageCacheKey(request({ cookie: "data_saver=off", saveData: "on" }))).toBe(normal);
    expect(pageCacheKey(request({ cookie: "data_saver=off" }))).toBe(normal);
    // A value the switch never sets (or one the page would read decoded) renders for itself.
    for (const cookie of ["data_saver=yes", "data_saver=%6Fn", "data_saver="]) expect(pageCacheKey(request({ cookie })), cookie).toBeNull();
    // With the side menu's cookie, in either order.
    expect(pageCacheKey(request({ cookie: "data_saver=on; sidebar_state=collapsed" }))).toBe(
      pageCacheKey(request({ cookie: "sidebar_state=collapsed;data_saver=on" })),
    );
    // Another cookie beside it still keeps the request out.
    expect(pageCacheKey(request({ cookie: "data_saver=on; portal_session=abc", saveData: "on" }))).toBeNull();
    // The switch's own address is never cached.
    expect(pageCacheKey(request({ pathname: "/preferences/data-saver", url: "/preferences/data-saver" }))).toBeNull();
  });

  it("keeps each language's pages apart by the language the switch's cookie and Accept-Language decide, not by their raw values", () => {
    const english = pageCacheKey(request());
    const somali = pageCacheKey(request({ acceptLanguage: "so-SO,so;q=0.9,en;q=0.8" }));
    expect(somali).not.toBeNull();
    expect(somali).not.toBe(english);
    // Every header and cookie that means Somali shares one copy; so does every one that means English.
    expect(pageCacheKey(request({ acceptLanguage: "so" }))).toBe(somali);
    expect(pageCacheKey(request({ cookie: "lang=so" }))).toBe(somali);
    expect(pageCacheKey(request({ cookie: "lang=so", acceptLanguage: "en-GB" }))).toBe(somali);
    for (const acceptLanguage of ["en-GB,en;q=0.9", "fr", "*", "so;q=0"])
      expect(pageCacheKey(request({ acceptLanguage })), acceptLanguage).toBe(english);
    expect(pageCacheKey(request({ cookie: "lang=en", acceptLanguage: "so" }))).toBe(english);
    // With the other keyed cookies, in either order; another cookie beside it still keeps the request out.
    expect(pageCacheKey(request({ cookie: "lang=so; data_saver=on" }))).toBe(pageCacheKey(request({ cookie: "data_saver=on;lang=so" })));
    expect(pageCacheKey(request({ cookie: "lang=so; data_saver=on" }))).not.toBe(pageCacheKey(request({ cookie: "data_saver=on" })));
    expect(pageCacheKey(request({ cookie: "lang=so; portal_session=abc" }))).toBeNull();
    // A language this version does not know (the tests' pseudo-language, a typo, an encoded
    // spelling the page would decode) is rendered for itself.
    expect(pageCacheKey(request({ cookie: "lang=en-XA" }))).toBeNull();
    expect(pageCacheKey(request({ cookie: "lang=xx" }))).toBeNull();
    expect(pageCacheKey(request({ cookie: "lang=s%6F" }))).toBeNull();
    expect(pageCacheKey(request({ pathname: "/preferences/language", url: "/preferences/language" }))).toBeNull();
  });

  it("renders a request that sends a cookie twice for itself: the page reads the first value, a key could name the other", () => {
    for (const cookie of [
      "lang=so; lang=en",
      "lang=en; lang=so",
      "lang=so;lang=so",
      "data_saver=on; data_saver=off",
      "sidebar_state=collapsed; sidebar_state=expanded",
      "lang=so; data_saver=on; lang=en",
    ])
      expect(pageCacheKey(request({ cookie })), cookie).toBeNull();
  });
});

describe("isStorable", () => {
  it("keeps only a 200 that sets no cookie and does not forbid storing", () => {
    expect(isStorable(200, new Headers({ "Content-Type": "text/html" }))).toBe(true);
    expect(isStorable(404, new Headers())).toBe(false);
    expect(isStorable(503, new Headers())).toBe(false);
    expect(isStorable(302, new Headers())).toBe(false);
    expect(isStorable(200, new Headers({ "Set-Cookie": "a=b" }))).toBe(false);
    expect(isStorable(200, new Headers({ "Cache-Control": "no-store" }))).toBe(false);
    expect(isStorable(200, new Headers({ "Cache-Control": "private, max-age=0" }))).toBe(false);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text as the browser reads it, and no script with a src", () => {
    const html = [
      '<script>window.a = "</p>";</script>',
      '<script type="module" src="/assets/entry.js"></script>',
      '<script type="module">import("/assets/x.js");\n</script>',
      "<SCRIPT>b()</SCRIPT>",
      "<script></script>",
      '<script>window.a = "</p>";</script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = "</p>";'), sha('import("/assets/x.js");\n'), sha("b()"), sha("")]);
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, honours q=0 and *", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBe("identity");
  });
});

describe("PageCache", () => {
  const page = (text: string, now = 0) =>
    cachedPage(200, new Headers({ "Content-Type": "text/html", "Set-Cookie": "x=y" }), Buffer.from(text), [], now);

  it("stores without the visitor's own headers and serves an entry until it is too old", async () => {
    let now = 0;
    const cache = new PageCache({ maxAgeMs: 1000, maxBytes: 1_000_000, now: () => now });
    const entry = await page("<p>hello</p>");
    expect(entry.headers).toEqual([["content-type", "text/html"]]);
    expect(cache.set("/", entry, cache.generation)).toBe(true);
    now = 999;
    expect(cache.get("/")).toBe(entry);
    now = 1000;
    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("drops a page rendered before a clear, and everything at a clear", async () => {
    const cache = new PageCache({ maxAgeMs: 60_000, maxBytes: 1_000_000, now: () => 0 });
    const before = cache.generation;
    cache.set("/a", await page("a"), before);
    expect(cache.get("/a")).toBeDefined();
    cache.clear();
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.set("/b", await page("b"), before)).toBe(false);
    expect(cache.get("/b")).toBeUndefined();
  });

  it("keeps within its bytes, letting the least recently used go first", async () => {
    const one = await page("x".repeat(2000));
    const size = one.body.identity.length + one.body.br.length + one.body.gzip.length + 512;
    const cache = new PageCache({ maxAgeMs: 60_000, maxBytes: size * 4, now: () => 0 });
    for (const key of ["/1", "/2", "/3", "/4"]) cache.set(key, await page("x".repeat(2000)), cache.generation);
    expect(cache.get("/1")).toBeDefined(); // now the most recently used
    cache.set("/5", await page("x".repeat(2000)), cache.generation);
    expect(cache.get("/2")).toBeUndefined();
    expect(cache.get("/1")).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(size * 4);
  });
});
