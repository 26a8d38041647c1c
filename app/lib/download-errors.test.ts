import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { downloadFailure as failureIn } from "./download-errors";

const downloadFailure = (status: number, code: string | null) => failureIn(status, code, i18nFor("en"));

describe("download failure messages", () => {
  it("says what the server said was wrong", () => {
    expect(downloadFailure(404, "file-missing")).toBe("Document file not found");
    expect(downloadFailure(404, "not-found")).toBe("Document not found");
    expect(downloadFailure(403, "expired")).toBe("This link has expired. Reload the page for a new one.");
  });
  it("falls back to the spec's texts by status when no reason came", () => {
    expect(downloadFailure(404, null)).toBe("Document not found");
    expect(downloadFailure(500, null)).toBe("HTTP error! status: 500");
    expect(downloadFailure(502, "toString")).toBe("HTTP error! status: 502");
  });
  it("says it in the reader's language", () => {
    expect(failureIn(404, "file-missing", i18nFor("so"))).not.toBe("Document file not found");
    expect(failureIn(500, null, i18nFor("so"))).toContain("500");
  });
});
