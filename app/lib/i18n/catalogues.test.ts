import { readFileSync } from "node:fs";
import path from "node:path";
import PO from "pofile";
import { expect, it } from "vitest";
import { LANGUAGES } from "./languages";

const localesDir = path.resolve(import.meta.dirname, "..", "..", "locales");
const PARTS = ["public", "admin", "server"];

/**
 * A message in two catalogues (the same English, the same context) is one message with one id:
 * the server renders with all three catalogues merged and a public page's browser has only the
 * public one, so two translations of it would change the page while it hydrates (decision 0031).
 * Words that mean two things take a context (`msg({ message, context })`).
 */
it("gives a message that several catalogues share one translation per language", () => {
  for (const language of LANGUAGES) {
    const seen = new Map<string, Set<string>>();
    for (const part of PARTS) {
      const po = PO.parse(readFileSync(path.join(localesDir, language, `${part}.po`), "utf8"));
      for (const item of po.items) {
        const key = `${item.msgctxt ?? ""} | ${item.msgid}`;
        const translations = seen.get(key) ?? new Set<string>();
        translations.add(item.msgstr[0] ?? "");
        seen.set(key, translations);
      }
    }
    const conflicts = [...seen]
      .filter(([, translations]) => translations.size > 1)
      .map(([key, translations]) => `${key}: ${[...translations].join(" / ")}`);
    expect(conflicts, language).toEqual([]);
  }
});
