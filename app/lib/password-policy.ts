/**
 * The password rule's numbers and wording, shared by the forms (browser) and the server, which
 * alone decides (app/.server/auth/password-rules.ts). ASVS: at least 8 characters, 15 or more
 * encouraged, any character allowed, no common password (decision 0022).
 */
import { msg } from "@lingui/core/macro";

/** Fewer characters are refused (the spec's 6 gives way to ASVS's 8, decision 0022). */
export const MIN_PASSWORD_LENGTH = 8;
/** What the hint encourages: long passphrases beat complex short passwords. */
export const RECOMMENDED_PASSWORD_LENGTH = 15;
/**
 * Far above any passphrase a person types or a password manager makes, so it limits nothing
 * real; it only stops a form from making the server hash a page of text.
 */
export const MAX_PASSWORD_LENGTH = 1024;

/** The forms' hint under a new password (a message: the form translates it). */
export const PASSWORD_HINT = msg`At least ${MIN_PASSWORD_LENGTH} characters; ${RECOMMENDED_PASSWORD_LENGTH} or more is better. A phrase of several words is easy to remember. Any characters, spaces included.`;

/**
 * Characters as a person counts them: each Unicode code point once, so "пароль" or an emoji is not
 * counted by its UTF-16 units.
 */
export function passwordLength(password: string): number {
  let n = 0;
  for (const _ of password) n++;
  return n;
}
