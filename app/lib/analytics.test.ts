import { describe, expect, it } from "vitest";
import { niceMax, parsePeriod, periodDays } from "./analytics";

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
});
