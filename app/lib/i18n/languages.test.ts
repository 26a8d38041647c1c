import { describe, expect, it } from "vitest";
import { languageCookie, languageOf, preferredLanguage } from "./languages";

describe("preferredLanguage", () => {
  it("takes the highest weight among our languages, the first listed among equals", () => {
    expect(preferredLanguage("so")).toBe("so");
    expect(preferredLanguage("so-SO,so;q=0.9,en;q=0.8")).toBe("so");
    expect(preferredLanguage("en-GB,en;q=0.9,so;q=0.8")).toBe("en");
    expect(preferredLanguage("fr-FR,fr;q=0.9,so;q=0.7,en;q=0.5")).toBe("so");
    expect(preferredLanguage("en;q=0.5, so;q=0.6")).toBe("so");
    expect(preferredLanguage("so, en")).toBe("so");
  });

  it("counts * as English and leaves out weights of 0 and what it cannot read", () => {
    expect(preferredLanguage("fr, *;q=0.1")).toBe("en");
    expect(preferredLanguage("so;q=0, en;q=0.2")).toBe("en");
    expect(preferredLanguage("so;q=abc")).toBeNull();
    expect(preferredLanguage("so;q=2")).toBeNull();
    expect(preferredLanguage("fr, ar")).toBeNull();
    expect(preferredLanguage("")).toBeNull();
    expect(preferredLanguage(null)).toBeNull();
  });
});

describe("languageOf", () => {
  it("lets the switch's cookie win, then Accept-Language, then English", () => {
    expect(languageOf({ cookie: "en", acceptLanguage: "so" })).toBe("en");
    expect(languageOf({ cookie: "so", acceptLanguage: "en" })).toBe("so");
    expect(languageOf({ cookie: undefined, acceptLanguage: "so-SO" })).toBe("so");
    expect(languageOf({ cookie: "xx", acceptLanguage: "so" })).toBe("so");
    expect(languageOf({ cookie: null, acceptLanguage: "fr" })).toBe("en");
  });
});

it("keeps the choice a year, for the whole site", () => {
  expect(languageCookie("so")).toBe("lang=so; Path=/; Max-Age=31536000; SameSite=Lax");
});
