import pino from "pino";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { SESSION_COOKIE } from "../auth/guards";
import { createSession } from "../auth/sessions";
import { createUser } from "../users/users.service";

/**
 * Logs over HTTP (issue 12, item 16): a request id on every answer and its lines, one access line
 * per request without secrets, unexpected errors as one logger line (never a stack on stderr),
 * and /healthz saying only ok / not ok to anyone but a signed-in admin.
 */

type Line = Record<string, unknown> & { level: number; msg: string };

const meta = { ip: "203.0.113.7", userAgent: "vitest" };
const GENERATED_ID = /^[A-Za-z0-9_-]{22}$/;

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

/** Polls (bounded) until a logged line matches: the access line is written once the answer is sent. */
async function lineWhere(lines: Line[], match: (line: Line) => boolean): Promise<Line> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = lines.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such log line among:\n${lines.map((l) => JSON.stringify(l)).join("\n")}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

for (const engine of testEngines()) {
  describe(`[${engine}] request ids, access and error lines, /healthz`, () => {
    let t: TestApp;
    let http: HttpApp;
    let adminId: string;
    let adminToken: string;
    let editorToken: string;
    const lines: Line[] = [];

    beforeAll(async () => {
      t = await createTestApp(engine);
      const admin = await createUser(t.ctx, { email: "admin@example.org", password: "admin-pass", role: "admin" });
      const editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      adminId = admin.id;
      adminToken = (await createSession(t.ctx, admin.id, meta)).token;
      editorToken = (await createSession(t.ctx, editor.id, meta)).token;
      // The app's own logger, at debug, writing its JSON lines here.
      const log = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
      http = await startHttpApp(vite, t.ctx, undefined, log);
    });
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    const asAdmin = (extra: Record<string, string> = {}) => ({ headers: { Cookie: `${SESSION_COOKIE}=${adminToken}`, ...extra } });

    it("sends a request id with every answer: pages, data requests, files' routes, health, refusals", async () => {
      const ids = new Set<string>();
      for (const [path, init] of [
        ["/", undefined],
        ["/documents.data", undefined],
        ["/api/public/documents", undefined],
        ["/healthz", undefined],
        ["/no-such-page", undefined],
        ["/admin/documents", { method: "POST", headers: { Origin: "https://elsewhere.example" } }],
      ] as const) {
        const res = await http.get(path, init);
        await res.arrayBuffer();
        const id = res.headers.get("x-request-id");
        expect(id, path).toMatch(GENERATED_ID);
        ids.add(id ?? "");
      }
      expect(ids.size).toBe(6);
    });

    it("keeps a sane id from a trusted proxy (this loopback), replaces anything else", async () => {
      const kept = await http.get("/healthz", { headers: { "X-Request-Id": "nginx-4f2a9c1e77d0" } });
      expect(kept.headers.get("x-request-id")).toBe("nginx-4f2a9c1e77d0");
      for (const bad of ["short", "has spaces in it", "a".repeat(101), "<script>alert(1)</script>"]) {
        const res = await http.get("/healthz", { headers: { "X-Request-Id": bad } });
        expect(res.headers.get("x-request-id"), bad).toMatch(GENERATED_ID);
      }
    });

    it("writes one access line per request with method, path, status, duration, bytes, id; no cookie, token or credentials", async () => {
      const shareToken = "sHaReToKeN-0123456789abcdef";
      const res = await http.get(
        `/shared/folder/${shareToken}?token=invite-secret-42&page=2&q=private+words`,
        asAdmin({ Authorization: "Bearer bearer-secret-77" }),
      );
      const body = await res.arrayBuffer();
      const id = res.headers.get("x-request-id");
      const line = await lineWhere(lines, (l) => l.msg === "request" && l.requestId === id);
      expect(line).toMatchObject({
        level: 30,
        method: "GET",
        path: "/shared/folder/[redacted]?token=[redacted]&page=2&q=[redacted]",
        status: res.status,
      });
      expect(line.ms).toEqual(expect.any(Number));
      // Headers and (possibly compressed) body, as written to the connection.
      expect(line.bytes as number).toBeGreaterThan(body.byteLength > 0 ? 0 : 100);
      const text = JSON.stringify(line);
      for (const secret of [adminToken, shareToken, "invite-secret-42", "bearer-secret-77", "private", SESSION_COOKIE]) {
        expect(text).not.toContain(secret);
      }
      expect(lines.filter((l) => l.requestId === id && l.msg === "request")).toHaveLength(1);
    });

    it("names the signed-in user on the access line; health checks are debug lines", async () => {
      const page = await http.get("/admin/documents", asAdmin());
      await page.arrayBuffer();
      const pageLine = await lineWhere(lines, (l) => l.requestId === page.headers.get("x-request-id") && l.msg === "request");
      expect(pageLine).toMatchObject({ level: 30, path: "/admin/documents", status: 200, userId: adminId });
      const health = await http.get("/healthz");
      await health.arrayBuffer();
      const healthLine = await lineWhere(lines, (l) => l.requestId === health.headers.get("x-request-id") && l.msg === "request");
      expect(healthLine).toMatchObject({ level: 20, path: "/healthz", status: 200 });
    });

    it("tells anonymous callers and non-admins only ok; a signed-in admin gets the details", async () => {
      const anonymous = await http.get("/healthz");
      expect(anonymous.status).toBe(200);
      expect(await anonymous.json()).toEqual({ status: "ok" });
      const editor = await http.get("/healthz", { headers: { Cookie: `${SESSION_COOKIE}=${editorToken}` } });
      expect(await editor.json()).toEqual({ status: "ok" });
      const stale = await http.get("/healthz", { headers: { Cookie: `${SESSION_COOKIE}=not-a-session` } });
      expect(await stale.json()).toEqual({ status: "ok" });
      const admin = await http.get("/healthz", asAdmin());
      expect(admin.status).toBe(200);
      expect(await admin.json()).toEqual({
        status: "ok",
        db: `ok (${engine})`,
        storage: expect.stringMatching(/^ok \(/),
        migrations: "ok",
        events: expect.stringMatching(/^ok \(/),
      });
    });

    it("answers 503 with only the status when unhealthy; the admin still sees why", async () => {
      // The applied-migrations table out of the way: every migration counts as pending.
      await t.ctx.db.kysely.schema.alterTable("kysely_migration").renameTo("kysely_migration_away").execute();
      try {
        const anonymous = await http.get("/healthz");
        expect(anonymous.status).toBe(503);
        expect(await anonymous.json()).toEqual({ status: "error" });
        const admin = await http.get("/healthz", asAdmin());
        expect(admin.status).toBe(503);
        expect(((await admin.json()) as { migrations: string }).migrations).toMatch(/^error: \d+ pending/);
      } finally {
        await t.ctx.db.kysely.schema.alterTable("kysely_migration_away").renameTo("kysely_migration").execute();
      }
    });

    it("logs a loader's unexpected error as one JSON line with method, path, user and request id; nothing on stderr", async () => {
      const consoleError = vi.spyOn(console, "error");
      const stderr = vi.spyOn(process.stderr, "write");
      // A real failure inside a loader: the analytics page reads a table that is not there.
      await t.ctx.db.kysely.schema.alterTable("activity_logs").renameTo("activity_logs_away").execute();
      try {
        for (const path of ["/admin/analytics?period=30", "/admin/analytics.data?period=30"]) {
          const res = await http.get(path, asAdmin());
          await res.arrayBuffer();
          expect(res.status, path).toBe(500);
          const id = res.headers.get("x-request-id");
          expect(id, path).toMatch(GENERATED_ID);
          // The error line takes the id from the request React Router built: the app has it too.
          const errorLine = await lineWhere(lines, (l) => l.requestId === id && l.level === 50);
          expect(errorLine).toMatchObject({ msg: "unexpected error", method: "GET", path, userId: adminId, requestId: id });
          const err = errorLine.err as { message: string; stack: string };
          expect(err.message).toMatch(/activity_logs/);
          expect(err.stack).toContain("\n    at ");
          expect(
            lines.filter((l) => l.requestId === id && l.level >= 50),
            path,
          ).toHaveLength(1);
          const access = await lineWhere(lines, (l) => l.requestId === id && l.msg === "request");
          expect(access).toMatchObject({ level: 40, status: 500, userId: adminId });
        }
        expect(consoleError).not.toHaveBeenCalled();
        const written = stderr.mock.calls.map((c) => String(c[0])).join("");
        expect(written).not.toMatch(/activity_logs/);
      } finally {
        consoleError.mockRestore();
        stderr.mockRestore();
        await t.ctx.db.kysely.schema.alterTable("activity_logs_away").renameTo("activity_logs").execute();
      }
    });
  });
}
