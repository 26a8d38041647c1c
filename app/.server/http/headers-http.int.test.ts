import { Readable } from "node:stream";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { SESSION_COOKIE } from "../auth/guards";
import { createSession } from "../auth/sessions";
import { THROTTLE_RULES } from "../auth/throttle";
import { createDocument } from "../documents/documents.service";
import { generateStorageKey } from "../storage";
import { createUser } from "../users/users.service";

/**
 * Response headers over HTTP (ASVS hardening, item 14): HSTS over https, no-store on every
 * answer to a signed-in request and every admin answer, Retry-After on every 429.
 */

const meta = { ip: "203.0.113.7", userAgent: "vitest" };
const HSTS = "max-age=31536000; includeSubDomains";

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] response headers over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let adminToken: string;
    let documentId: string;

    beforeAll(async () => {
      t = await createTestApp(engine);
      const admin = await createUser(t.ctx, { email: "admin@example.org", password: "admin-pass", role: "admin" });
      adminToken = (await createSession(t.ctx, admin.id, meta)).token;
      const key = generateStorageKey({ prefix: "documents", originalName: "minutes.txt" });
      const stored = await t.ctx.storage.put(key, Readable.from([Buffer.from("Camp coordination minutes\n")]));
      const doc = await createDocument(t.ctx, {
        title: "Baidoa Coordination Minutes",
        description: null,
        category: "Report",
        tags: [],
        published: true,
        uploadedBy: admin.id,
        file: { key, originalName: "minutes.txt", ext: "txt", mimeType: "text/plain", size: stored.size, sha256: stored.sha256 },
      });
      documentId = doc.id;
      http = await startHttpApp(vite, t.ctx);
    });
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    const signedIn = () => ({ headers: { Cookie: `${SESSION_COOKIE}=${adminToken}` } });
    const cacheControl = async (path: string, init?: RequestInit) => {
      const res = await http.get(path, init);
      await res.arrayBuffer();
      return res.headers.get("cache-control");
    };

    it("says in Server-Timing how long each answer took to begin: pages, data, files, refusals", async () => {
      for (const [path, init] of [
        ["/reports", undefined],
        ["/admin/documents", signedIn()],
        [`/api/documents/${documentId}/download`, undefined],
        ["/no-such-page", undefined],
      ] as const) {
        const res = await http.get(path, init);
        await res.arrayBuffer();
        expect(res.headers.get("Server-Timing"), path).toMatch(/^app;dur=\d+\.\d$/);
      }
    });

    it("sends HSTS to requests that came over https (through a trusted proxy), never over plain http", async () => {
      for (const path of ["/", "/healthz", "/admin/login", "/api/public/documents"]) {
        expect((await http.get(path)).headers.get("strict-transport-security"), path).toBeNull();
        const viaProxy = await http.get(path, { headers: { "X-Forwarded-Proto": "https" } });
        expect(viaProxy.headers.get("strict-transport-security"), path).toBe(HSTS);
      }
    });

    it("marks every answer to a signed-in request no-store: pages, data requests, resource routes, errors", async () => {
      const paths = [
        "/",
        "/documents",
        "/documents.data",
        "/_root.data",
        `/document/${documentId}`,
        "/no-such-page",
        "/api/public/documents",
        `/api/documents/${documentId}/thumbnail`,
        "/admin",
        "/admin/users",
        "/admin/users.data",
        "/admin/shareable-links",
        "/admin/session",
      ];
      for (const path of paths) expect(await cacheControl(path, signedIn()), path).toBe("no-store");
      // A file keeps no-transform, so compression leaves its length and ranges alone.
      expect(await cacheControl(`/api/documents/${documentId}/download`, signedIn())).toBe("no-store, no-transform");
    });

    it("marks every admin answer no-store, signed in or not; anonymous public answers keep their own caching", async () => {
      for (const path of ["/admin/login", "/admin/login.data", "/admin/users", "/admin/setup?token=nope"]) {
        expect(await cacheControl(path), path).toBe("no-store");
      }
      expect(await cacheControl("/api/public/documents")).toBe("public, max-age=60");
      expect(await cacheControl(`/api/documents/${documentId}/download`)).toBe("private, no-cache, no-transform");
      expect(await cacheControl("/")).toBeNull();
    });

    it("sends Retry-After with the sign-in limit's 429, to the page and to its data request", async () => {
      const attempt = (path: string) =>
        http.get(path, {
          method: "POST",
          headers: { Origin: http.origin, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "192.0.2.50" },
          body: new URLSearchParams({ email: "admin@example.org", password: "wrong-password" }),
        });
      for (let i = 1; i < THROTTLE_RULES.email.maxFailures; i++) expect((await attempt("/admin/login")).status).toBe(401);
      for (const path of ["/admin/login", "/admin/login.data"]) {
        const refused = await attempt(path);
        expect(refused.status, path).toBe(429);
        const seconds = Number(refused.headers.get("retry-after"));
        expect(seconds, path).toBeGreaterThan(29 * 60);
        expect(seconds, path).toBeLessThanOrEqual(30 * 60);
      }
    });

    it("sends Retry-After with the share-link limit's 429, to the page and to its data request", async () => {
      const from = { headers: { "X-Forwarded-For": "198.51.100.77" } };
      for (let i = 0; i < THROTTLE_RULES.share.maxFailures; i++) {
        expect((await http.get(`/shared/folder/missing-${i}.data`, from)).status).toBe(404);
      }
      for (const path of ["/shared/folder/missing-again", "/shared/folder/missing-again.data", "/shared/document/missing-again"]) {
        const refused = await http.get(path, from);
        expect(refused.status, path).toBe(429);
        const seconds = Number(refused.headers.get("retry-after"));
        expect(seconds, path).toBeGreaterThan(14 * 60);
        expect(seconds, path).toBeLessThanOrEqual(15 * 60);
      }
    });
  });
}
