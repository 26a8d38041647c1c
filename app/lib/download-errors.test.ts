import { describe, expect, it } from "vitest";
import { downloadFailure } from "./download-errors";

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
});
