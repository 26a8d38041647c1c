import net from "node:net";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { createSession } from "../auth/sessions";
import { createDocument } from "../documents/documents.service";
import { createUser } from "../users/users.service";

/**
 * Issue 12, item 5, through the real stack on both engines: inputs that used to end in a 500
 * (a NUL in an id on PostgreSQL, a request without Host, a form without a type or cut short)
 * now get a 4xx.
 */
let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

/** One raw exchange: the status line of the answer. */
function rawStatus(origin: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(origin).port), "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (d) => {
      answer += d.toString("latin1");
    });
    socket.on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
    socket.on("error", reject);
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

for (const engine of testEngines()) {
  describe(`[${engine}] hostile request shapes over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let id: string;
    beforeAll(async () => {
      t = await createTestApp(engine);
      const doc = await createDocument(t.ctx, {
        title: "Naughty inputs",
        description: null,
        category: "Report",
        tags: [],
        published: true,
        folderId: null,
        uploadedBy: null,
        file: null,
      });
      id = doc.id;
      http = await startHttpApp(vite, t.ctx);
    });
    afterAll(async () => {
      await http?.close();
      await t?.cleanup();
    });

    it("answers 400, not 500, to a NUL or a line break in a path", async () => {
      for (const path of [
        "/document/%00",
        `/document/${id}%00`,
        "/api/documents/%00/download",
        "/api/files/%00?v=x",
        "/shared/document/%00",
        "/api/documents/%00/thumbnail",
        "/document/%00/text",
        "/dashboards/%00",
        "/document/a%0D%0Ab",
      ]) {
        const res = await http.get(path);
        expect(res.status, path).toBe(400);
      }
      // The same addresses without the NUL still answer as before.
      expect((await http.get(`/document/${id}`)).status).toBe(200);
    });

    it("treats a NUL in a search or a filter as text, on public and admin lists", async () => {
      for (const path of ["/documents?q=a%00b", "/reports?tag=%00", "/api/public/documents?q=%00&partner=%00"]) {
        expect((await http.get(path)).status, path).toBe(200);
      }
      const admin = await createUser(t.ctx, { email: "nul@example.org", password: "nul-pass-1", role: "admin" });
      const cookie = `portal_session=${(await createSession(t.ctx, admin.id, { ip: "127.0.0.1", userAgent: "vitest" })).token}`;
      for (const path of ["/admin/logs?action=%00", "/admin/security?email=%00", "/admin/documents?q=%00", "/admin/users?q=%00"]) {
        expect((await http.get(path, { headers: { Cookie: cookie } })).status, path).toBe(200);
      }
    });

    it("answers 400 to a request without Host (HTTP/1.0), and 4xx to TRACE", async () => {
      expect(await rawStatus(http.origin, "GET / HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 400/);
      expect(await rawStatus(http.origin, "GET /documents HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 400/);
      const trace = await http.get("/", { method: "TRACE" }).catch(() => null);
      if (trace) expect(trace.status).toBeGreaterThanOrEqual(400);
      if (trace) expect(trace.status).toBeLessThan(500);
    });

    it("answers 415 to a form of no type, and 400 to a multipart form cut short", async () => {
      const post = (headers: Record<string, string>, body: string) =>
        http.get("/admin/login", { method: "POST", headers: { Origin: http.origin, ...headers }, body });
      const untyped = await post({ "Content-Type": "" }, "email=x&password=y");
      expect(untyped.status).toBe(415);
      const cut = await post(
        { "Content-Type": "multipart/form-data; boundary=zzz" },
        '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx',
      );
      expect(cut.status).toBe(400);
      const side = await http.get("/preferences/side-menu", {
        method: "POST",
        headers: { Origin: http.origin, "Content-Type": "multipart/form-data; boundary=q" },
        body: "--q\r\nbroken",
      });
      expect(side.status).toBe(400);
      // A well-formed form still reaches the action.
      const fine = await post(
        { "Content-Type": "application/x-www-form-urlencoded" },
        "email=nobody%40example.org&password=wrong-password-1",
      );
      expect(fine.status).toBe(401);
    });
  });
}
