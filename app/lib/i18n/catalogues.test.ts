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

/**
 * The names a message fills in ({name}, {count, plural, …}) and the elements it wraps (<0>…</0>);
 * a plural's branches (`one {item}`) are text, not names.
 */
function slots(text: string): string[] {
  return [...text.matchAll(/(?<!(?:\b(?:zero|one|two|few|many|other)|=\d+)\s*)\{\w+(?=[,}])|<\/?\d+\/?>/g)].map((m) => m[0]).sort();
}

/**
 * Every message has a translation in every language, and a translation fills in the same values
 * and wraps the same elements as the English: a Somali text that lost `{count}` or a `<0>` would
 * drop a number or a link from the page without any error. (The build refuses a missing
 * translation too; this says which one, in a second, without building.)
 */
it("translates every message in every language, keeping its values and elements", () => {
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    for (const part of PARTS) {
      const po = PO.parse(readFileSync(path.join(localesDir, language, `${part}.po`), "utf8"));
      expect(po.items.length, `${language}/${part}`).toBeGreaterThan(50);
      for (const item of po.items) {
        const translation = item.msgstr[0] ?? "";
        if (translation.trim() === "") problems.push(`${language}/${part}: no translation of "${item.msgid}"`);
        else if (slots(translation).join() !== slots(item.msgid).join())
          problems.push(`${language}/${part}: "${translation}" does not fill in what "${item.msgid}" does`);
      }
    }
  }
  expect(problems).toEqual([]);
});
