import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { BODY_LIMIT_BYTES } from "./body-limit";

/**
 * Through the production Express app (issue 12, item 1): a large body to a route that takes no
 * file is refused with 413 before it is read, however it is sent; a form of normal size still
 * reaches its route; upload routes are left to their own limits. No database is involved beyond
 * what the app needs to start: SQLite only.
 */
describe("request bodies over HTTP", () => {
  let vite: ViteDevServer;
  let t: TestApp;
  let http: HttpApp;
  beforeAll(async () => {
    vite = await startVite();
    t = await createTestApp("sqlite");
    http = await startHttpApp(vite, t.ctx);
  });
  afterAll(async () => {
    await http?.close();
    await t?.cleanup();
    await vite?.close();
  });

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    http.get(path, { method: "POST", body, headers: { Origin: http.origin, ...headers }, duplex: "half" } as RequestInit);

  it("refuses a 5 MB sign-in post with 413, and a streamed body of no declared length with 411", async () => {
    const huge = new URLSearchParams({ email: `${"a".repeat(5 * 1024 * 1024)}@example.org`, password: "x" });
    const refused = await post("/admin/login", huge);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toMatch(/at most 64 KB/);

    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=a%40example.org&password=x"));
        controller.close();
      },
    });
    const chunked = await post("/admin/login", streamed, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(chunked.status).toBe(411);
  });

  it("lets a form of normal size through to its route, up to the limit", async () => {
    const normal = await post("/admin/login", new URLSearchParams({ email: "nobody@example.org", password: "wrong-password" }));
    expect(normal.status).not.toBe(413);
    expect(await normal.text()).toMatch(/Authentication Failed/);
    const padded = new URLSearchParams({ email: "nobody@example.org", password: "x", pad: "p".repeat(BODY_LIMIT_BYTES - 200) });
    expect((await post("/admin/login", padded)).status).not.toBe(413);
  });

  it("leaves upload routes to their own limits", async () => {
    const form = new FormData();
    form.set("title", "Big");
    form.set("file", new Blob([new Uint8Array(200 * 1024)], { type: "application/pdf" }), "big.pdf");
    // Not signed in: the route itself answers (sign-in needed), not the body limit.
    const res = await post("/admin/documents", form, { Accept: "application/json" });
    expect(res.status).not.toBe(413);
    expect(res.status).not.toBe(411);
  });
});
