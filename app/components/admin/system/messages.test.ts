import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { SETTINGS_MESSAGES } from "~/lib/site-settings";
import { KNOWN_SETTINGS_MESSAGES, settingsErrors, settingsMessage } from "./messages";

describe("the Settings screen's messages in the page's language", () => {
  it("know every message of the checks, say each exactly so in English, and translate it in Somali", () => {
    const en = i18nFor("en");
    const so = i18nFor("so");
    for (const text of Object.values(SETTINGS_MESSAGES)) {
      expect(KNOWN_SETTINGS_MESSAGES, text).toContain(text);
      expect(settingsMessage(text, en)).toBe(text);
      expect(settingsMessage(text, so), text).not.toBe(text);
    }
    expect(KNOWN_SETTINGS_MESSAGES).toHaveLength(Object.keys(SETTINGS_MESSAGES).length);
  });

  it("give a refused form's fields their messages, leaving one it does not know as it came", () => {
    const so = i18nFor("so");
    const errors = settingsErrors({ siteNameSo: SETTINGS_MESSAGES.siteNameSoTooLong, about: "Something else", title: undefined }, so);
    expect(errors.siteNameSo).toBe(settingsMessage(SETTINGS_MESSAGES.siteNameSoTooLong, so));
    expect(errors.about).toBe("Something else");
    expect(errors.title).toBeUndefined();
  });
});
