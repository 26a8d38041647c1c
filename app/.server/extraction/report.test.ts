import { describe, expect, it } from "vitest";
import { describeResult, formatPages } from "./report";
import { type ExtractionResult, FAILURE_REASONS, failedOutcome } from "./result";

const done: ExtractionResult = {
  status: "done",
  reason: null,
  kind: "xlsx",
  unit: "sheet",
  pages: [
    { number: 1, label: "Sites", text: "Baidoa" },
    { number: 2, label: "Notes", text: "" },
  ],
  pageCount: 2,
  truncated: true,
  textBytes: 6,
  thumbnail: { bytes: new Uint8Array(1234), width: 320, height: 452 },
  elapsedMs: 412,
  usage: { startupMs: 61.4, workMs: 300.2, peakRssBytes: 97 * 1024 * 1024 },
  detail: null,
};

describe("describeResult", () => {
  it("says what was read, its size and whether text was cut", () => {
    expect(describeResult(done)).toBe(
      [
        "status     done (text truncated at a limit)",
        "type       xlsx",
        "pages      2; text read from 2 sheets",
        "text       6 bytes (UTF-8)",
        "thumbnail  320x452 WebP, 1234 bytes",
        "time       412 ms (child: started in 61 ms, worked 300 ms, peak memory 97 MB)",
      ].join("\n"),
    );
  });

  it("says when a text has no pages of its own", () => {
    const docx: ExtractionResult = { ...done, kind: "docx", unit: "whole", pageCount: 12, pages: [{ number: 1, text: "x" }] };
    expect(describeResult(docx)).toContain("pages      12; text read as one whole");
  });

  it("gives the reason and the technical detail of a failure", () => {
    const text = describeResult({
      ...failedOutcome(FAILURE_REASONS.timedOut, "child killed after 60000 ms"),
      elapsedMs: 60_004,
      usage: null,
    });
    expect(text).toContain("status     failed: Timed out");
    expect(text).toContain("detail     child killed after 60000 ms");
  });
});

describe("formatPages", () => {
  it("heads each page with its unit, number and label", () => {
    expect(formatPages(done)).toBe("--- sheet 1 (Sites) ---\nBaidoa\n\n--- sheet 2 (Notes) ---\n");
  });
});
