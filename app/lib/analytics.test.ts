import { describe, expect, it } from "vitest";
import { labelledDays, niceMax, parsePeriod, periodDays } from "./analytics";

describe("analytics periods", () => {
  it("accepts 7, 30 and 90 days and defaults to 30", () => {
    expect(parsePeriod("7")).toBe(7);
    expect(parsePeriod("90")).toBe(90);
    expect(parsePeriod("14")).toBe(30);
    expect(parsePeriod(null)).toBe(30);
    expect(parsePeriod("7; drop table")).toBe(30);
  });

  it("lists the UTC days of the period, oldest first, ending today", () => {
    const days = periodDays(new Date("2026-03-02T23:59:00Z"), 3);
    expect(days).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(periodDays(new Date("2026-03-02T00:00:00Z"), 90)).toHaveLength(90);
  });

  it("rounds the axis up to 1, 2 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(250)).toBe(500);
  });

  it("labels at most eight days, evenly spaced back from today, so no two labels meet", () => {
    for (const count of [7, 30, 31, 90]) {
      const days = [...labelledDays(count)].sort((a, b) => a - b);
      expect(days.length).toBeLessThanOrEqual(8);
      expect(days.at(-1)).toBe(count - 1);
      const gaps = new Set(days.slice(1).map((d, i) => d - days[i]!));
      expect(gaps.size).toBe(1);
    }
    expect([...labelledDays(30)].sort((a, b) => a - b)).toEqual([1, 5, 9, 13, 17, 21, 25, 29]);
  });
});
