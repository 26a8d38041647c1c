import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, base64url: the form of every secret token we hand out. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their sha256, so a copy of the database cannot be replayed. */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
