import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { createSession } from "../auth/sessions";
import { createUser } from "../users/users.service";

/**
 * Issue 12, item 3, through the real HTTP stack: anonymous live-update streams are capped per
 * address and in all (here 2 and 3; the test's requests come from loopback, a trusted proxy, so
 * X-Forwarded-For sets the address); past a cap the answer is 503 with Retry-After; a stream that
 * ends frees its place; signed-in staff are not counted.
 */
describe("live-update stream caps over HTTP", () => {
  let vite: ViteDevServer;
  let t: TestApp;
  let http: HttpApp;
  let staffCookie: string;
  const open: AbortController[] = [];
  beforeAll(async () => {
    vite = await startVite();
    t = await createTestApp("sqlite", { env: { LIVE_STREAMS_PER_ADDRESS: "2", LIVE_STREAMS_TOTAL: "3" } });
    const admin = await createUser(t.ctx, { email: "desk@example.org", password: "desk-pass", role: "admin" });
    staffCookie = `portal_session=${(await createSession(t.ctx, admin.id, { ip: "127.0.0.1", userAgent: "vitest" })).token}`;
    http = await startHttpApp(vite, t.ctx);
  });
  afterAll(async () => {
    for (const c of open) c.abort();
    await http?.close();
    await t?.cleanup();
    await vite?.close();
  });

  async function stream(address: string, headers: Record<string, string> = {}) {
    const controller = new AbortController();
    open.push(controller);
    const res = await http.get("/api/events", { headers: { "X-Forwarded-For": address, ...headers }, signal: controller.signal });
    if (res.status === 200) {
      // The first bytes arrive: the stream is open and counted.
      const reader = res.body!.getReader();
      await reader.read();
    }
    return { status: res.status, retryAfter: res.headers.get("retry-after"), close: () => controller.abort() };
  }

  it("refuses past the per-address and the total caps with 503 and Retry-After, and frees a place when a stream ends", async () => {
    const a1 = await stream("198.51.100.1");
    const a2 = await stream("198.51.100.1");
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const a3 = await stream("198.51.100.1");
    expect(a3).toMatchObject({ status: 503, retryAfter: "60" });

    expect((await stream("198.51.100.2")).status).toBe(200);
    expect((await stream("198.51.100.3")).status).toBe(503); // three open in all

    // Staff are not counted.
    expect((await stream("198.51.100.1", { Cookie: staffCookie })).status).toBe(200);

    a1.close();
    let again = 503;
    for (let i = 0; i < 50 && again === 503; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = (await stream("198.51.100.3")).status;
    }
    expect(again).toBe(200);
  });
});
