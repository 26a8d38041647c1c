import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { formatUptime } from "./duration";

describe("formatUptime", () => {
  const en = i18nFor("en");

  it("shows the two largest units", () => {
    expect(formatUptime(0, en)).toBe("0 s");
    expect(formatUptime(45.9, en)).toBe("45 s");
    expect(formatUptime(125, en)).toBe("2 min");
    expect(formatUptime(2 * 3600 + 5 * 60 + 7, en)).toBe("2 h 5 min");
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59, en)).toBe("3 d 4 h");
    expect(formatUptime(-5, en)).toBe("0 s");
  });

  it("writes the units in the page's language", () => {
    const so = i18nFor("so");
    // Somali's word for minutes, not English's "min" (the catalogue test checks the translation).
    expect(formatUptime(125, so)).toMatch(/^2 \S+$/);
    expect(formatUptime(125, so)).not.toBe("2 min");
    expect(formatUptime(2 * 3600 + 5 * 60, so)).toMatch(/^2 .+ 5 /);
  });
});
