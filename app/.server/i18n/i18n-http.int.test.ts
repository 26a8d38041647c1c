import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";

/**
 * Through the production Express app (issue 14, decision 0031): a text the server composes (here
 * a refused sign-in, made in app/.server/auth/login.ts) comes in the request's language, decided
 * by the switch's cookie or Accept-Language, even while requests in the other language are
 * answered at the same moment. The language logic touches no database: SQLite only.
 */
describe("texts composed on the server, in the request's language", () => {
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

  const signIn = (headers: Record<string, string>, n: number) =>
    http.get("/admin/login", {
      method: "POST",
      body: new URLSearchParams({ email: `nobody${n}@example.org`, password: "wrong-password" }),
      headers: { Origin: http.origin, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });

  it("refuses a sign-in in Somali for a Somali reader and in English for the others, at the same time", async () => {
    const readers: Record<string, string>[] = [
      { Cookie: "lang=so" },
      {},
      { "Accept-Language": "so-SO,so;q=0.9" },
      { "Accept-Language": "en-GB" },
      { Cookie: "lang=so" },
      {},
    ];
    const answers = await Promise.all(readers.map(async (headers, n) => (await signIn(headers, n)).text()));
    for (const n of [0, 2, 4]) {
      expect(answers[n], `answer ${n}`).toContain("Xaqiijintu way guuldarreysatay");
      expect(answers[n], `answer ${n}`).toMatch(/\d isku day ayaa kuu haray/);
      expect(answers[n], `answer ${n}`).not.toContain("Authentication Failed");
    }
    for (const n of [1, 3, 5]) {
      expect(answers[n], `answer ${n}`).toContain("Authentication Failed");
      expect(answers[n], `answer ${n}`).toMatch(/Invalid credentials\. \d attempts? remaining\./);
      expect(answers[n], `answer ${n}`).not.toContain("Xaqiijintu");
    }
  });
});
