import { describe, expect, it } from "vitest";
import { DATA_SAVER_COOKIE, dataSaverCookie, isDataSaverOn, saveDataRequested } from "./data-saver";

describe("data saver", () => {
  it("reads Save-Data: on, in any case and with spaces, and nothing else", () => {
    expect(saveDataRequested("on")).toBe(true);
    expect(saveDataRequested(" ON ")).toBe(true);
    for (const value of [undefined, null, "", "off", "1", "true", "on;"]) expect(saveDataRequested(value), String(value)).toBe(false);
  });

  it("follows the browser when the reader has not chosen", () => {
    expect(isDataSaverOn({ saveData: "on", cookie: null })).toBe(true);
    expect(isDataSaverOn({ saveData: undefined, cookie: undefined })).toBe(false);
    // A value this version does not know is no choice.
    expect(isDataSaverOn({ saveData: "on", cookie: "maybe" })).toBe(true);
    expect(isDataSaverOn({ saveData: null, cookie: "" })).toBe(false);
  });

  it("lets the reader's cookie turn it on, and off even when the browser asks to save data", () => {
    expect(isDataSaverOn({ saveData: null, cookie: "on" })).toBe(true);
    expect(isDataSaverOn({ saveData: "on", cookie: "off" })).toBe(false);
    expect(isDataSaverOn({ saveData: "on", cookie: "on" })).toBe(true);
  });

  it("keeps the choice a year, for the whole site, readable by the page", () => {
    expect(dataSaverCookie(true)).toBe(`${DATA_SAVER_COOKIE}=on; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(dataSaverCookie(false)).toBe("data_saver=off; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(dataSaverCookie(false)).not.toContain("HttpOnly");
  });
});
