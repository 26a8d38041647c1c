import { randomBytes } from "node:crypto";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { describe, expect, it } from "vitest";
import { newRecoveryCodes, normaliseRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeDigest } from "./recovery-codes";
import { deriveBoxKey, open, seal } from "./secret-box";
import { cleanCode, keyUri, manualEntryKey, matchingStep, timeStep } from "./totp";

/** Issue 12 item 12: the pieces of two-factor sign-in that need no database. */

const key = deriveBoxKey(randomBytes(32));

describe("secret box", () => {
  it("opens what it sealed, for the same account only", () => {
    const secret = randomBytes(20);
    const sealed = seal(key, secret, "account-1");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret.toString("base64url"));
    expect(Buffer.from(open(key, sealed, "account-1"))).toEqual(secret);
    expect(() => open(key, sealed, "account-2")).toThrow();
    expect(() => open(deriveBoxKey(randomBytes(32)), sealed, "account-1")).toThrow();
  });

  it("detects any altered part, and seals the same secret differently each time", () => {
    const secret = randomBytes(20);
    const sealed = seal(key, secret, "a");
    const parts = sealed.split(".");
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i] ?? "", "base64url");
      bytes.writeUInt8(bytes.readUInt8(0) ^ 1, 0);
      const altered = parts.map((p, j) => (j === i ? bytes.toString("base64url") : p)).join(".");
      expect(() => open(key, altered, "a"), `part ${i}`).toThrow();
    }
    expect(() => open(key, "v2.x.y.z", "a")).toThrow("Not a sealed two-factor secret");
    expect(seal(key, secret, "a")).not.toBe(sealed);
  });
});

describe("TOTP codes", () => {
  const secret = randomBytes(20);
  const now = new Date("2026-11-27T10:00:10.000Z");
  const step = timeStep(now);

  it("matches the app's code of this step and its neighbours, and returns the step", () => {
    expect(matchingStep(secret, generateHOTP(secret, BigInt(step), 6), now)).toBe(step);
    expect(matchingStep(secret, generateHOTP(secret, BigInt(step - 1), 6), now)).toBe(step - 1);
    expect(matchingStep(secret, generateHOTP(secret, BigInt(step + 1), 6), now)).toBe(step + 1);
    expect(matchingStep(secret, generateHOTP(secret, BigInt(step - 2), 6), now)).toBeNull();
    expect(matchingStep(secret, generateHOTP(secret, BigInt(step + 2), 6), now)).toBeNull();
  });

  it("agrees with the library's own TOTP at the real time", () => {
    expect(matchingStep(secret, generateTOTP(secret, 30, 6), new Date())).not.toBeNull();
  });

  it("refuses anything but six digits before checking, and takes the app's spaced form", () => {
    const code = generateHOTP(secret, BigInt(step), 6);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    for (const typed of ["", "12345", "1234567", "12a456", `${code}0`, "１２３４５６"]) {
      expect(cleanCode(typed), typed).toBeNull();
      expect(matchingStep(secret, typed, now), typed).toBeNull();
    }
  });

  it("shows the key in base32 for typing in, and in an otpauth address for the QR code", () => {
    const shown = manualEntryKey(secret);
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    expect(Buffer.from(decodeBase32IgnorePadding(shown.replaceAll(" ", "")))).toEqual(secret);
    const uri = new URL(keyUri("CCCM Somalia Admin", "amina@example.org", secret));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(shown.replaceAll(" ", ""));
    expect(uri.searchParams.get("period")).toBe("30");
  });
});

describe("recovery codes", () => {
  it("makes ten distinct codes of 80 bits, stored as digests only", () => {
    const { codes, digests } = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const [i, code] of codes.entries()) {
      expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
      expect(digests[i]).toMatch(/^[0-9a-f]{64}$/);
      expect(digests[i]).toBe(recoveryCodeDigest(code.replaceAll("-", "")));
    }
  });

  it("reads a code typed in any case, with or without dashes and spaces", () => {
    const code = newRecoveryCodes().codes[0] ?? "";
    const plain = code.replaceAll("-", "");
    for (const typed of [code, code.toUpperCase(), ` ${plain} `, code.replaceAll("-", " ")]) {
      expect(normaliseRecoveryCode(typed), typed).toBe(plain);
    }
    for (const typed of ["", "123456", `${plain}a`, plain.slice(1), `${plain.slice(1)}1`])
      expect(normaliseRecoveryCode(typed), typed).toBeNull();
  });
});
