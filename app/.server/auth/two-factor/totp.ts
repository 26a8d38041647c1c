import { timingSafeEqual } from "node:crypto";
import { encodeBase32NoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";

/** RFC 6238 with the defaults every authenticator app understands: SHA-1, 30 seconds, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (a phone's clock drifts). */
const DRIFT_STEPS = 1;
const CODE_PATTERN = /^\d{6}$/;

/** The 30-second time step of a moment. */
export function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** What a person typed, without spaces (apps show "123 456"); null unless it is six digits. */
export function cleanCode(typed: string): string | null {
  const code = typed.replace(/\s+/g, "");
  return CODE_PATTERN.test(code) ? code : null;
}

/** The code an app shows for a key at a time step (tests use it as a phone would). */
export function codeAt(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), TOTP_DIGITS);
}

/**
 * The time step a code belongs to, within the drift window around `now`, or null. The newest
 * matching step wins, so the replay check (`last_step`) always moves forward. Compared in
 * constant time; a code that is not six digits never reaches the library.
 */
export function matchingStep(key: Uint8Array, typed: string, now: Date): number | null {
  const code = cleanCode(typed);
  if (!code) return null;
  const current = timeStep(now);
  let found: number | null = null;
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    const expected = codeAt(key, step);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) found = step;
  }
  return found;
}

/** The secret as an app's "enter a key" field takes it: base32, grouped by four for reading. */
export function manualEntryKey(key: Uint8Array): string {
  return encodeBase32NoPadding(key).replace(/(.{4})(?=.)/g, "$1 ");
}

/** The otpauth:// address the QR code carries. */
export function keyUri(issuer: string, account: string, key: Uint8Array): string {
  return createTOTPKeyURI(issuer, account, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}
