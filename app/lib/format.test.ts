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
  it("never shows a file that has bytes as 0 KB or 0.00 MB", () => {
    expect(formatSizeKb(1)).toBe("< 1 KB");
    expect(formatSizeKb(300)).toBe("< 1 KB");
    expect(formatSizeKb(1023)).toBe("< 1 KB");
    expect(formatSizeKb(1024)).toBe("1 KB");
    expect(formatSizeMb(300)).toBe("< 1 KB");
    // Too small for two decimals of MB: rounded KB instead, so nothing non-empty reads "0.00 MB".
    expect(formatSizeMb(3000)).toBe("3 KB");
    expect(formatSizeMb(5242)).toBe("5 KB");
    expect(formatSizeMb(5243)).toBe("0.01 MB");
    expect(formatBytes(300)).toBe("300 B");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1.00 MB");
  });
  it("shows a truly empty file as empty", () => {
    expect(formatSizeKb(0)).toBe("0 KB");
    expect(formatSizeMb(0)).toBe("0 KB");
    expect(formatBytes(0)).toBe("0 B");
  });
});
