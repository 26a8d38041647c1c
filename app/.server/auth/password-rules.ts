import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES, passwordLength } from "~/lib/password-policy";
import { isCommonPassword } from "./common-passwords";

/**
 * The one rule every new password meets, wherever it is chosen: first-admin setup, an invitation's
 * set-password link, a reset link, changing one's own, `admin:create` (decision 0022, ASVS V6.2).
 * Any character is allowed, spaces included, and nothing is trimmed or composed: the password is
 * what the person typed or pasted. Returns the message to show, or null when the password is fine.
 */
export function passwordProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}

/** A new password and its confirmation, as the forms send them: the field to mark and why. */
export function newPasswordErrors(password: string, confirm: string): { password?: string; confirm?: string } {
  const problem = passwordProblem(password);
  if (problem) return { password: problem };
  if (password !== confirm) return { confirm: PASSWORD_MESSAGES.mismatch };
  return {};
}
