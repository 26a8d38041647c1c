import { randomBytes } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { tokenDigest } from "../tokens";

/** Ten codes, each 80 random bits: stored only as their sha256, which is enough at that entropy. */
export const RECOVERY_CODE_COUNT = 10;

/** A fresh code as shown once: sixteen base32 letters and digits in four groups ("abcd-efgh-…"). */
export function newRecoveryCode(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(10)).replace(/(.{4})(?=.)/g, "$1-");
}

/** What a person typed, reduced to the code's letters (any case, spaces and dashes dropped); null if it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]+/g, "");
  return /^[a-z2-7]{16}$/.test(code) ? code : null;
}

export function recoveryCodeDigest(normalised: string): string {
  return tokenDigest(normalised);
}

/** A fresh set: the codes to show once, and their digests to store. */
export function newRecoveryCodes(): { codes: string[]; digests: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, digests: codes.map((c) => recoveryCodeDigest(normaliseRecoveryCode(c) as string)) };
}
