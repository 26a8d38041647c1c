import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seals TOTP keys at rest with AES-256-GCM, so a copy of the `two_factor` table alone (an export,
 * a log of a query) gives nobody the codes. The key is derived with HKDF from a server secret and
 * a fixed label, so it is never used for anything else. Format: "v1.<iv>.<tag>.<ciphertext>",
 * base64url parts; the account id is bound as associated data, so a sealed key moved to another
 * account does not open.
 */
const VERSION = "v1";
const LABEL = "portal two-factor secret v1";

export function deriveBoxKey(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, Buffer.alloc(0), LABEL, 32));
}

export function seal(key: Buffer, plaintext: Uint8Array, accountId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(accountId, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The plaintext, or an error when the value was altered, belongs to another account or another key. */
export function open(key: Buffer, sealed: string, accountId: string): Uint8Array {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Not a sealed two-factor secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(accountId, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]));
}
