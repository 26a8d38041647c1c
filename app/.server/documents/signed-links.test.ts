import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fileVersion, type LinkTarget, mayBeInline, SIGNED_LINK_TTL_SECONDS, signLink, verifyLink } from "./signed-links";

const secret = randomBytes(32);
const target: LinkTarget = { kind: "document", id: "4f1c2a9e-0000-4000-8000-000000000001", version: "a".repeat(64) };
const now = new Date("2026-03-01T10:00:00.000Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

function query(params: Record<string, string>): URLSearchParams {
  return new URLSearchParams(params);
}

describe("signed file links", () => {
  it("accepts its own link until it expires, with the signed disposition", () => {
    const params = signLink(secret, target, "inline", now);
    expect(Number(params.exp)).toBe(now.getTime() / 1000 + SIGNED_LINK_TTL_SECONDS);
    expect(verifyLink(secret, target, query({ ...params }), now)).toEqual({ ok: true, disposition: "inline" });
    expect(verifyLink(secret, target, query({ ...params }), at(SIGNED_LINK_TTL_SECONDS - 1))).toEqual({ ok: true, disposition: "inline" });
  });

  it("reports an expired link as expired", () => {
    const params = signLink(secret, target, "attachment", now);
    expect(verifyLink(secret, target, query({ ...params }), at(SIGNED_LINK_TTL_SECONDS))).toEqual({ ok: false, reason: "expired" });
  });

  it("rejects tampered signatures, expiry, ids and other secrets", () => {
    const params = signLink(secret, target, "attachment", now);
    const flipped = params.sig.startsWith("A") ? `B${params.sig.slice(1)}` : `A${params.sig.slice(1)}`;
    expect(verifyLink(secret, target, query({ ...params, sig: flipped }), now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, target, query({ ...params, sig: "" }), now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, target, query({ ...params, exp: String(Number(params.exp) + 3600) }), now)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(verifyLink(secret, { ...target, id: "another-id" }, query({ ...params }), now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, { ...target, kind: "attachment" }, query({ ...params }), now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(randomBytes(32), target, query({ ...params }), now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, target, query({ v: params.v, exp: params.exp, d: params.d }), now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, target, query({ ...params, exp: "soon" }), now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("rejects a link whose disposition was changed", () => {
    const params = signLink(secret, target, "attachment", now);
    expect(verifyLink(secret, target, query({ ...params, d: "inline" }), now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, target, query({ ...params, d: "download" }), now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("rejects a link for another version of the file", () => {
    const params = signLink(secret, target, "inline", now);
    // Tampering with the version breaks the signature...
    expect(verifyLink(secret, target, query({ ...params, v: "b".repeat(64) }), now)).toEqual({ ok: false, reason: "invalid" });
    // ...and an honest link to a replaced file is stale: reloading the page gives a new one.
    expect(verifyLink(secret, { ...target, version: "c".repeat(64) }, query({ ...params }), now)).toEqual({ ok: false, reason: "expired" });
  });

  it("binds links to the checksum, else the row's timestamp", () => {
    expect(fileVersion({ sha256: "abc", updated_at: "2026-01-01", created_at: "2025-01-01" })).toBe("abc");
    expect(fileVersion({ sha256: null, updated_at: "2026-01-01", created_at: "2025-01-01" })).toBe("2026-01-01");
    expect(fileVersion({ sha256: null, created_at: "2025-01-01" })).toBe("2025-01-01");
  });

  it("serves only PDFs and images inline", () => {
    expect(mayBeInline("application/pdf")).toBe(true);
    expect(mayBeInline("image/png")).toBe(true);
    expect(mayBeInline("text/plain")).toBe(false);
    expect(mayBeInline("text/html")).toBe(false);
    expect(mayBeInline("video/mp4")).toBe(false);
  });
});
