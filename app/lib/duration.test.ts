import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { formatUptime } from "./duration";

describe("formatUptime", () => {
  it("shows the two largest units", () => {
    expect(formatUptime(0)).toBe("0 s");
    expect(formatUptime(45.9)).toBe("45 s");
    expect(formatUptime(125)).toBe("2 min");
    expect(formatUptime(2 * 3600 + 5 * 60 + 7)).toBe("2 h 5 min");
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59)).toBe("3 d 4 h");
    expect(formatUptime(-5)).toBe("0 s");
  });

  it("writes the units in the page's language when given it", () => {
    for (const seconds of [0, 125, 2 * 3600 + 5 * 60, 3 * 86_400 + 4 * 3600]) {
      expect(formatUptime(seconds, i18nFor("en"))).toBe(formatUptime(seconds));
    }
    expect(formatUptime(125, i18nFor("so"))).toContain("2");
  });
});
