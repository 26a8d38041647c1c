import { describe, expect, it } from "vitest";
import { isLocalPath, localPath, refererPath, safeAdminRedirect } from "./redirects";

/** Targets that leave the site, or could once a browser, proxy or client has read them. */
const HOSTILE = [
  "//evil.example",
  "//evil.example/admin",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/%09/evil.example",
  "/%5C/evil.example",
  "/%5c/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/\t/evil.example",
  "/\t\t/evil.example",
  "\t//evil.example",
  "/\r\n/evil.example",
  "/documents\r\nSet-Cookie: x=1",
  "/documents\n",
  "/a\\b",
  "/%00/evil.example",
  "/%E0%A4%A",
  "https://evil.example",
  "http://evil.example/documents",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "documents",
  "./documents",
  "../documents",
  " /documents",
  "",
];

const LOCAL = [
  "/",
  "/documents",
  "/documents?q=camp%20management&page=2",
  "/reports?category=Report#results",
  "/admin/folders/123?share=folder#share-folder-123",
  "/search?q=%22exact%20phrase%22",
  "/documents?q=caf%C3%A9",
  // Encoded in the query, a backslash or a line break is a search's data, never read as a path.
  "/documents?q=a%5Cb%0D%0A",
  "/documents?q=%2F%2Fevil.example",
];

describe("isLocalPath", () => {
  it.each(HOSTILE)("refuses %j", (target) => {
    expect(isLocalPath(target)).toBe(false);
  });

  it.each(LOCAL)("keeps %j", (target) => {
    expect(isLocalPath(target)).toBe(true);
  });

  it("never accepts a target that, resolved against this site, lands on another origin", () => {
    for (const target of [...HOSTILE, ...LOCAL]) {
      if (isLocalPath(target)) expect(new URL(target, "https://portal.example.org").origin).toBe("https://portal.example.org");
    }
  });
});

describe("localPath", () => {
  it("gives the fallback for anything but a local path", () => {
    expect(localPath("/documents?page=2", "/x")).toBe("/documents?page=2");
    expect(localPath("/\\evil.example", "/documents")).toBe("/documents");
    expect(localPath(null, "/documents")).toBe("/documents");
    expect(localPath(undefined, "/documents")).toBe("/documents");
    expect(localPath(new File(["x"], "/documents"), "/fallback")).toBe("/fallback");
  });
});

describe("safeAdminRedirect", () => {
  it("keeps admin pages and refuses every hostile target, other sites' pages and the sign-in pages", () => {
    expect(safeAdminRedirect("/admin/documents?page=2")).toBe("/admin/documents?page=2");
    expect(safeAdminRedirect("/admin")).toBe("/admin");
    for (const target of HOSTILE) expect(safeAdminRedirect(target), target).toBe("/admin");
    for (const target of ["/admin/\\evil.example", "/admin/%09/x%5C", "/admin\t//evil.example"])
      expect(safeAdminRedirect(target)).toBe("/admin");
    for (const target of [
      "/documents",
      "/administrator",
      "/admin/login",
      "/admin/login?redirectTo=/admin",
      "/admin/logout",
      "/admin/setup/x",
    ])
      expect(safeAdminRedirect(target), target).toBe("/admin");
  });
});

describe("refererPath", () => {
  const from = (referer?: string) =>
    new Request("http://portal.example/preferences/data-saver", { method: "POST", headers: referer ? { Referer: referer } : {} });

  it("gives the path and query of a page of this site", () => {
    expect(refererPath(from("http://portal.example/reports?q=baidoa&page=2"))).toBe("/reports?q=baidoa&page=2");
  });

  it("gives nothing for another site, another scheme, a missing or a malformed Referer", () => {
    expect(refererPath(from("https://evil.example/reports"))).toBeNull();
    expect(refererPath(from("https://portal.example/reports"))).toBeNull();
    expect(refererPath(from())).toBeNull();
    expect(refererPath(from("not a url"))).toBeNull();
  });
});
