import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane), ARCHITECTURE.md decision 8.
const options = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, unusable with verbatimModuleSyntax) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * The sign-in form's own check (admin-and-sharing section 5). New passwords meet the stricter rule
 * of password-rules.ts; signing in only refuses what no password ever was, so an account whose
 * password was set under the spec's 6-character minimum can still sign in and change it (decision 0022).
 */
export const SIGN_IN_MIN_PASSWORD_LENGTH = 6;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throw-away password, verified against when the e-mail is
 * unknown so that an unknown e-mail and a wrong password take the same time.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword("decoy-password-never-valid");
  return decoy;
}
