import { describe, expect, it } from "vitest";
import { assetsNamedIn, handlingOf, isSignOut, isStaleCache, mayKeep, offlineAddress, rangeOf, releaseCaches, SAVED_CACHE } from "./rules";

const origin = "https://portal.example";
const get = (path: string, mode = "cors") => ({ method: "GET", url: `${origin}${path}`, mode });

describe("handlingOf: what the worker does with a request", () => {
  it("keeps the pages a reader opens, and their client-navigation data, network first", () => {
    for (const path of ["/", "/documents?q=water", "/document/abc", "/document/abc/text", "/about", "/saved", "/offline"]) {
      expect(handlingOf(get(path, "navigate"), origin)).toBe("page");
    }
    for (const path of [
      "/_root.data",
      "/documents.data?page=2",
      "/document/abc.data?_routes=routes%2Fpublic%2Fdocument-detail",
      "/__manifest?p=%2Fabout&version=1",
    ]) {
      expect(handlingOf(get(path), origin)).toBe("page");
    }
    // A page's script fetching a page (a list's refresh on a page that does not hydrate) is a page too.
    const html = { get: (name: string) => (name.toLowerCase() === "accept" ? "text/html" : null) };
    expect(handlingOf({ ...get("/reports?page=2"), headers: html }, origin)).toBe("page");
    expect(handlingOf({ ...get("/admin/documents"), headers: html }, origin)).toBe("network");
    expect(handlingOf(get("/reports?page=2"), origin)).toBe("network");
  });

  it("serves the fingerprinted build files cache first, and documents' files from what was saved", () => {
    expect(handlingOf(get("/assets/entry.client-AbC123.js"), origin)).toBe("asset");
    expect(handlingOf(get("/api/documents/abc/download"), origin)).toBe("file");
    expect(handlingOf(get("/api/document/abc/download/file"), origin)).toBe("file");
  });

  it("never touches the admin portal, signed-in or not, its data requests included", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/login",
      "/admin/documents",
      "/admin.data",
      "/admin/users.data",
      "/admin/folders/1/zip",
      "/admin/database/backup",
    ]) {
      expect(handlingOf(get(path, "navigate"), origin)).toBe("network");
      expect(handlingOf(get(path), origin)).toBe("network");
    }
    // Only the /admin segment: a public page that starts with the same letters is a page.
    expect(handlingOf(get("/administration", "navigate"), origin)).toBe("page");
  });

  it("never keeps share-token addresses, live updates, signed file links, posts or other sites", () => {
    for (const path of ["/shared/document/tok123", "/shared/folder/tok123", "/shared/folder/tok123/zip", "/shared/document/tok123.data"]) {
      expect(handlingOf(get(path, "navigate"), origin)).toBe("network");
    }
    expect(handlingOf(get("/api/events"), origin)).toBe("network");
    expect(handlingOf(get("/api/files/abc?sig=x&exp=1"), origin)).toBe("network");
    expect(handlingOf(get("/api/attachments/abc?sig=x"), origin)).toBe("network");
    expect(handlingOf(get("/preferences/language"), origin)).toBe("network");
    expect(handlingOf({ method: "POST", url: `${origin}/document/abc`, mode: "navigate" }, origin)).toBe("network");
    expect(handlingOf({ method: "HEAD", url: `${origin}/api/documents/abc/download`, mode: "cors" }, origin)).toBe("network");
    expect(handlingOf({ method: "GET", url: "https://other.example/", mode: "navigate" }, origin)).toBe("network");
    // Neither pages nor files: thumbnails, the public API, the sitemap, the worker itself.
    for (const path of ["/api/documents/abc/thumbnail?v=1", "/api/public/documents", "/sitemap.xml", "/sw.js"]) {
      expect(handlingOf(get(path), origin)).toBe("network");
    }
  });
});

describe("mayKeep: which answers may stay on the device", () => {
  const ok = { status: 200, type: "basic", cacheControl: null, vary: "Cookie, Accept-Language" };

  it("keeps a complete answer of this site", () => {
    expect(mayKeep(ok)).toBe(true);
    expect(mayKeep({ ...ok, cacheControl: "private, no-cache, no-transform" })).toBe(true);
  });

  it("never keeps signed-in answers (no-store), errors, partial or redirected answers", () => {
    expect(mayKeep({ ...ok, cacheControl: "no-store" })).toBe(false);
    expect(mayKeep({ ...ok, cacheControl: "No-Store, no-transform" })).toBe(false);
    for (const status of [206, 301, 404, 429, 500, 503]) expect(mayKeep({ ...ok, status })).toBe(false);
    expect(mayKeep({ ...ok, status: 0, type: "opaqueredirect" })).toBe(false);
    expect(mayKeep({ ...ok, type: "opaque" })).toBe(false);
    expect(mayKeep({ ...ok, vary: "*" })).toBe(false);
  });
});

describe("releases", () => {
  it("a new release deletes the old release's caches, never the saved documents nor others' caches", () => {
    const old = releaseCaches("old1");
    const current = releaseCaches("new2");
    expect(isStaleCache(old.pages, "new2")).toBe(true);
    expect(isStaleCache(old.assets, "new2")).toBe(true);
    expect(isStaleCache(current.pages, "new2")).toBe(false);
    expect(isStaleCache(current.assets, "new2")).toBe(false);
    expect(isStaleCache(SAVED_CACHE, "new2")).toBe(false);
    expect(isStaleCache("someone-elses-cache", "new2")).toBe(false);
  });

  it("signing out is seen on the logout route only", () => {
    expect(isSignOut(`${origin}/admin/logout`)).toBe(true);
    expect(isSignOut(`${origin}/admin/logout?next=/`)).toBe(true);
    expect(isSignOut(`${origin}/admin/logout.data`)).toBe(true);
    expect(isSignOut(`${origin}/admin/login`)).toBe(false);
  });

  it("sends a page that is not on the device to the offline page, naming it", () => {
    expect(offlineAddress(new URL(`${origin}/documents?q=water`))).toBe("/offline?from=%2Fdocuments%3Fq%3Dwater");
  });

  it("finds the build files a page names, once each", () => {
    const html = `<link rel="modulepreload" href="/assets/root-Ab_1.js"/><script type="module">import "/assets/entry.client-Xy-2.js";import "/assets/root-Ab_1.js"</script><img src="/api/documents/1/thumbnail">`;
    expect(assetsNamedIn(html)).toEqual(["/assets/root-Ab_1.js", "/assets/entry.client-Xy-2.js"]);
  });
});

describe("rangeOf: saved files answer the ranges PDF viewers ask for", () => {
  it("reads one range, open-ended and suffix ranges, clamped to the file", () => {
    expect(rangeOf(null, 100)).toEqual({ kind: "full" });
    expect(rangeOf("bytes=0-9", 100)).toEqual({ kind: "partial", start: 0, end: 9 });
    expect(rangeOf("bytes=90-", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(rangeOf("bytes=-10", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(rangeOf("bytes=50-500", 100)).toEqual({ kind: "partial", start: 50, end: 99 });
  });

  it("refuses ranges past the end, and gives the whole file for several ranges", () => {
    expect(rangeOf("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(rangeOf("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(rangeOf("bytes=0-1,5-6", 100)).toEqual({ kind: "full" });
  });
});
