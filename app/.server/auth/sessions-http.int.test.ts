import { Readable } from "node:stream";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import type { UserRow } from "../db/types";
import { createDocument } from "../documents/documents.service";
import { generateStorageKey } from "../storage";
import { createUser } from "../users/users.service";
import { SESSION_COOKIE } from "./guards";
import { createSession } from "./sessions";

/**
 * Sessions over HTTP (ASVS hardening, item 11): a sign-in ends the session the browser still
 * holds, and the download route gives unpublished files to the admin portal's roles only.
 */

const meta = { ip: "203.0.113.7", userAgent: "vitest" };
const BYTES = Buffer.from("Draft site verification notes\n".repeat(20));

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] sessions over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let admin: UserRow;
    let editor: UserRow;
    let reader: UserRow;

    beforeAll(async () => {
      t = await createTestApp(engine);
      admin = await createUser(t.ctx, { email: "admin@example.org", password: "admin-pass", role: "admin" });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      reader = await createUser(t.ctx, { email: "reader@example.org", password: "reader-pass", role: "user" });
      http = await startHttpApp(vite, t.ctx);
    });
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    const withCookie = (token: string) => ({ headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    const sessionOf = (res: Response) => new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(res.headers.get("set-cookie") ?? "")?.[1] ?? null;

    it("ends the session a sign-in replaces: the old cookie no longer opens the admin portal", async () => {
      const old = await createSession(t.ctx, admin.id, meta);
      expect((await http.get("/admin", withCookie(old.token))).status).toBe(200);

      const signedIn = await http.get("/admin/login", {
        method: "POST",
        headers: { Cookie: `${SESSION_COOKIE}=${old.token}`, Origin: http.origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "editor@example.org", password: "editor-pass" }),
      });
      expect(signedIn.status).toBe(302);
      const fresh = sessionOf(signedIn);
      expect(fresh).toBeTruthy();

      const withOld = await http.get("/admin", withCookie(old.token));
      expect(withOld.status).toBe(302);
      expect(withOld.headers.get("location")).toMatch(/^\/admin\/login\?/);
      expect((await http.get("/admin", withCookie(fresh!))).status).toBe(200);
    });

    it("downloads an unpublished file for admins and editors only; any other session gets what a visitor gets", async () => {
      const key = generateStorageKey({ prefix: "documents", originalName: "notes.txt" });
      const stored = await t.ctx.storage.put(key, Readable.from([BYTES]));
      const draft = await createDocument(t.ctx, {
        title: "Draft Kismayo Verification Notes",
        description: null,
        category: "Report",
        tags: [],
        published: false,
        uploadedBy: editor.id,
        file: { key, originalName: "notes.txt", ext: "txt", mimeType: "text/plain", size: stored.size, sha256: stored.sha256 },
      });
      const readerSession = await createSession(t.ctx, reader.id, meta);
      const editorSession = await createSession(t.ctx, editor.id, meta);
      const adminSession = await createSession(t.ctx, admin.id, meta);

      for (const path of [`/api/documents/${draft.id}/download`, `/api/document/${draft.id}/download/file`]) {
        const visitor = await http.get(path);
        expect(visitor.status, path).toBe(404);
        const visitorBody = await visitor.text();

        const asReader = await http.get(path, withCookie(readerSession.token));
        expect(asReader.status, path).toBe(404);
        expect(await asReader.text()).toBe(visitorBody);

        for (const staff of [editorSession, adminSession]) {
          const res = await http.get(path, withCookie(staff.token));
          expect(res.status, path).toBe(200);
          expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
        }
      }
    });
  });
}
