import { describe, expect, it } from "vitest";
import { formatBytes, formatLongDate, formatSizeKb, formatSizeMb } from "./format";

describe("display formats", () => {
  it("formats dates in long US form, in UTC", () => {
    expect(formatLongDate("2026-03-05T23:30:00.000Z")).toBe("March 5, 2026");
    expect(formatLongDate("not a date")).toBe("Invalid Date");
  });
  it("formats sizes as the spec says", () => {
    expect(formatSizeKb(1536)).toBe("2 KB");
    expect(formatSizeKb(null)).toBe("N/A");
    expect(formatSizeMb(5 * 1024 * 1024 + 10_000)).toBe("5.01 MB");
    expect(formatSizeMb(undefined)).toBe("Unknown size");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(2048)).toBe("2.00 KB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.00 GB");
  });
});
