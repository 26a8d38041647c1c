import { describe, expect, it } from "vitest";
import { previewHref, previewToggleHref, readPreviewRequest } from "./preview-link";

const read = (search: string) => readPreviewRequest(new URLSearchParams(search));

describe("preview links", () => {
  it("the library's Preview opens the document with its preview shown", () => {
    expect(previewHref("abc")).toBe("/document/abc?preview=1#preview");
    expect(previewHref("a b/c")).toBe("/document/a%20b%2Fc?preview=1#preview");
    expect(read("?preview=1")).toEqual({ open: true, sameVisit: false });
  });
  it("a plain visit shows the preview closed", () => {
    expect(read("")).toEqual({ open: false, sameVisit: false });
    expect(read("?preview=0")).toEqual({ open: false, sameVisit: false });
  });
  it("the no-JavaScript toggle reloads the page as the same visit", () => {
    expect(previewToggleHref("/document/abc", true)).toBe("/document/abc?preview=1&toggle=1#preview");
    expect(previewToggleHref("/document/abc", false)).toBe("/document/abc?preview=0&toggle=1#preview");
    expect(read("?preview=1&toggle=1")).toEqual({ open: true, sameVisit: true });
    expect(read("?preview=0&toggle=1")).toEqual({ open: false, sameVisit: true });
  });
});
