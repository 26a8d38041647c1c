import { msg } from "@lingui/core/macro";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordLength } from "~/lib/password-policy";
import { serverI18n } from "../i18n/i18n";
import { isCommonPassword } from "./common-passwords";

const min = MIN_PASSWORD_LENGTH;
const max = MAX_PASSWORD_LENGTH;

/** The rule's refusals, in the request's language (English on the command line: `admin:create`). */
const REFUSALS = {
  tooShort: msg`Password must be at least ${min} characters`,
  tooLong: msg`Password must be at most ${max} characters`,
  common: msg`This password is one of the most common ones. Choose another, such as a phrase of several words.`,
  mismatch: msg`The passwords do not match`,
};

export function passwordMessage(kind: keyof typeof REFUSALS): string {
  return serverI18n()._(REFUSALS[kind]);
}

/**
 * The one rule every new password meets, wherever it is chosen: first-admin setup, an invitation's
 * set-password link, a reset link, changing one's own, `admin:create` (decision 0022, ASVS V6.2).
 * Any character is allowed, spaces included, and nothing is trimmed or composed: the password is
 * what the person typed or pasted. Returns the message to show, or null when the password is fine.
 */
export function passwordProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) return passwordMessage("tooShort");
  if (length > MAX_PASSWORD_LENGTH) return passwordMessage("tooLong");
  if (isCommonPassword(password)) return passwordMessage("common");
  return null;
}

/** A new password and its confirmation, as the forms send them: the field to mark and why. */
export function newPasswordErrors(password: string, confirm: string): { password?: string; confirm?: string } {
  const problem = passwordProblem(password);
  if (problem) return { password: problem };
  if (password !== confirm) return { confirm: passwordMessage("mismatch") };
  return {};
}
