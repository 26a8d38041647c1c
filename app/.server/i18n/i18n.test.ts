import { describe, expect, it } from "vitest";
import { i18nFor, requestLanguage, serverI18n, withRequestLanguage } from "./i18n";

const request = (headers: Record<string, string>) => new Request("http://portal.example/reports", { headers });

describe("requestLanguage", () => {
  it("takes the switch's cookie, else Accept-Language, else English", () => {
    expect(requestLanguage(request({ Cookie: "lang=so", "Accept-Language": "en" }))).toBe("so");
    expect(requestLanguage(request({ Cookie: "portal_session=x; lang=en", "Accept-Language": "so" }))).toBe("en");
    expect(requestLanguage(request({ "Accept-Language": "so-SO,so;q=0.9" }))).toBe("so");
    expect(requestLanguage(request({}))).toBe("en");
  });

  it("refuses the pseudo-language unless the configuration allows it (tests only)", () => {
    expect(requestLanguage(request({ Cookie: "lang=en-XA", "Accept-Language": "so" }))).toBe("so");
  });
});

describe("serverI18n", () => {
  it("is the request's language inside the root's middleware, across awaits, and English outside a request", async () => {
    expect(serverI18n().locale).toBe("en");
    const seen: string[] = [];
    const next = async () => {
      seen.push(serverI18n().locale);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(serverI18n().locale);
      return new Response("ok");
    };
    const args = { request: request({ Cookie: "lang=so" }) } as Parameters<typeof withRequestLanguage>[0];
    await Promise.all([withRequestLanguage(args, next), withRequestLanguage({ ...args, request: request({}) }, next)]);
    expect(seen.sort()).toEqual(["en", "en", "so", "so"]);
    expect(serverI18n().locale).toBe("en");
  });

  it("has every language's instance, each in its own language", () => {
    expect(i18nFor("so").locale).toBe("so");
    expect(i18nFor("en-XA").locale).toBe("en-XA");
  });
});
