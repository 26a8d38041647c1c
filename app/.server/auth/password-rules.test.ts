import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_PASSWORD_LENGTH } from "~/lib/password-policy";
import { COMMON_PASSWORD_COUNT, isCommonPassword, loadCommonPasswords } from "./common-passwords";
import { newPasswordErrors, passwordMessage, passwordProblem } from "./password-rules";

describe("the password rule (ASVS V6.2, decision 0022)", () => {
  it("refuses fewer than 8 characters, the spec's old 6-character minimum included", () => {
    expect(passwordProblem("")).toBe("Password must be at least 8 characters");
    expect(passwordProblem("k7#pQ2")).toBe(passwordMessage("tooShort"));
    expect(passwordProblem("k7#pQ2x")).toBe(passwordMessage("tooShort"));
    expect(passwordProblem("k7#pQ2xZ")).toBeNull();
  });

  it("refuses the most common passwords in any letter case, 123456 first", () => {
    for (const common of ["123456", "password", "12345678", "password1", "PassWord1", "QWERTYUIOP", "iloveyou", "12341234", "sunshine"]) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(passwordProblem("123456")).toBe(passwordMessage("tooShort"));
    expect(passwordProblem("Password1")).toBe(
      "This password is one of the most common ones. Choose another, such as a phrase of several words.",
    );
    expect(passwordProblem("FOOTBALL")).toBe(passwordMessage("common"));
    expect(passwordProblem("baidoa camp water points")).toBeNull();
  });

  it("counts characters, not UTF-16 units, and allows any of them, spaces included", () => {
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect(passwordProblem("🐪🐪🐪🐪🐪🐪🐪")).toBe(passwordMessage("tooShort"));
    expect(passwordProblem("🐪🐪🐪🐪🐪🐪🐪🐪")).toBeNull();
    expect(passwordProblem("ereyga sirta ah")).toBeNull();
    expect(passwordProblem("  leading and trailing spaces  ")).toBeNull();
    expect(passwordProblem("пароль-для-портала")).toBeNull();
    expect(passwordProblem("\t\u00a0\u200b tabs é ü ñ")).toBeNull();
  });

  it("refuses more than 1024 characters with a clear message, and accepts 1024", () => {
    expect(passwordProblem("a1b2c3d4".repeat(128))).toBeNull();
    expect(passwordProblem(`${"a1b2c3d4".repeat(128)}x`)).toBe(`Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  });

  it("checks the confirmation only once the password itself is acceptable", () => {
    expect(newPasswordErrors("short", "other")).toEqual({ password: passwordMessage("tooShort") });
    expect(newPasswordErrors("gabiley road survey", "gabiley road surveys")).toEqual({ confirm: "The passwords do not match" });
    expect(newPasswordErrors("gabiley road survey", "gabiley road survey")).toEqual({});
  });

  it("loads exactly the first 10,000 lines of the frequency-ordered list", () => {
    const list = loadCommonPasswords();
    // Lines differing only in case collapse into one entry.
    expect(list.size).toBeGreaterThan(9_900);
    expect(list.size).toBeLessThanOrEqual(COMMON_PASSWORD_COUNT);
    expect(list.has("123456")).toBe(true);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "common-passwords-"));
    try {
      const file = path.join(dir, "list.txt");
      fs.writeFileSync(file, `${Array.from({ length: 12_000 }, (_, i) => `Entry${i}`).join("\r\n")}\r\n`);
      const small = loadCommonPasswords(file);
      expect(small.size).toBe(COMMON_PASSWORD_COUNT);
      expect(small.has("entry9999")).toBe(true);
      expect(small.has("entry10000")).toBe(false);
      fs.writeFileSync(file, "only\nthree\nlines\n");
      expect(() => loadCommonPasswords(file)).toThrow(/has only 3 lines/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
