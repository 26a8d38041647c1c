import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { formatBytes as bytesIn, formatLongDate as dateIn, formatSizeKb as kbIn, formatSizeMb as mbIn } from "./format";

const en = i18nFor("en");
const formatLongDate = (iso: string) => dateIn(iso, en);
const formatSizeKb = (bytes: number | null | undefined) => kbIn(bytes, en);
const formatSizeMb = (bytes: number | null | undefined) => mbIn(bytes, en);
const formatBytes = (bytes: number | null | undefined) => bytesIn(bytes, en);

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
  it("writes dates and the words of sizes in Somali, with CLDR's month names (which Node knows and Chromium does not)", () => {
    const so = i18nFor("so");
    expect(dateIn("2026-11-24T10:00:00.000Z", so)).toBe("Noofeembar 24, 2026");
    const node = new Intl.DateTimeFormat("so", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2026, month, 5)).toISOString();
      expect(dateIn(iso, so), iso).toBe(node.format(new Date(iso)));
    }
    expect(kbIn(null, so)).not.toBe("N/A");
    expect(mbIn(undefined, so)).not.toBe("Unknown size");
    expect(bytesIn(2048, so)).toBe("2.00 KB");
  });
});
