import { describe, expect, it } from "vitest";
import { DOCUMENT_LANGUAGES, isDocumentLanguage, readDocumentLanguage } from "./document-language";

describe("readDocumentLanguage", () => {
  it("takes the three codes, makes an absent or empty value English, and refuses anything else", () => {
    expect(DOCUMENT_LANGUAGES).toEqual(["en", "so", "other"]);
    for (const code of DOCUMENT_LANGUAGES) expect(readDocumentLanguage(code)).toBe(code);
    expect(readDocumentLanguage(" so ")).toBe("so");
    expect(readDocumentLanguage(undefined)).toBe("en");
    expect(readDocumentLanguage(null)).toBe("en");
    expect(readDocumentLanguage("  ")).toBe("en");
    for (const wrong of ["SO", "Somali", "fr", "en-XA", "other language", "so\u0000"]) expect(readDocumentLanguage(wrong)).toBeNull();
  });

  it("knows its codes and nothing else", () => {
    expect(isDocumentLanguage("other")).toBe(true);
    expect(isDocumentLanguage("toString")).toBe(false);
    expect(isDocumentLanguage(1)).toBe(false);
    expect(isDocumentLanguage(null)).toBe(false);
  });
});
