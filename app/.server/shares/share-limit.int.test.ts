import { randomBytes } from "node:crypto";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AppContext, closeAppContext, openAppContext } from "~/.server/context";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { blockedUntil, recordFailure, THROTTLE_RULES } from "../auth/throttle";
import { createFolder } from "../folders/folders.admin";
import { viewSharedFolder } from "../folders/folders.service";
import { createUser } from "../users/users.service";
import { limitShareLookup } from "./share-limit";
import { ensureShareToken } from "./shares.service";

const IP = "203.0.113.7";
const unknownToken = () => randomBytes(32).toString("base64url");

/** The thrown 429 response, or null when the call did not throw one. */
async function refusal(run: () => Promise<unknown>): Promise<{ status: number; data: unknown } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    // What `data(body, init)` throws; React Router turns it into the error response.
    const thrown = error as { type?: string; data?: unknown; init?: { status?: number } };
    if (thrown.type === "DataWithResponseInit" && thrown.init?.status) return { status: thrown.init.status, data: thrown.data };
    throw error;
  }
}

for (const engine of testEngines()) {
  describe(`[${engine}] limits shared by every instance`, () => {
    let a: TestApp;
    let b: AppContext;

    beforeEach(async () => {
      a = await createTestApp(engine);
      // Several instances are a PostgreSQL set-up; a SQLite installation is one process (two
      // connections in one process would block each other's transactions on the event loop).
      b = engine === "postgres" ? await openAppContext({ config: a.ctx.config, log: pino({ level: "silent" }) }) : a.ctx;
    });

    afterEach(async () => {
      if (b !== a.ctx) await closeAppContext(b);
      await a.cleanup();
    });

    const open = (ctx: AppContext, token: string, ip: string | null = IP) =>
      limitShareLookup(ctx, ip, () => viewSharedFolder(ctx, token, { countView: false }));

    it("counts share-link misses on both instances and blocks the address on both, a working link included", async () => {
      const editor = await createUser(a.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      const folder = await createFolder(a.ctx, { name: "Site assessments", description: "", isPublic: true }, editor);
      if (!folder.ok) throw new Error("folder not created");
      const share = await ensureShareToken(a.ctx, "folder", folder.folder.id, editor);
      if (!share.ok) throw new Error("no token");

      const limit = THROTTLE_RULES.share.maxFailures;
      // Misses alternate between the instances, several at a time.
      for (let i = 0; i < limit - 1; i += 2)
        await Promise.all([open(a.ctx, unknownToken()), i + 1 < limit - 1 ? open(b, unknownToken()) : null]);
      expect((await open(b, share.token))?.folder.name).toBe("Site assessments");
      expect(await open(a.ctx, unknownToken())).toBeNull(); // the last miss allowed starts the block

      for (const ctx of [a.ctx, b]) {
        const refused = await refusal(() => open(ctx, share.token));
        expect(refused?.status).toBe(429);
        expect((refused?.data as { retryAfterSeconds: number } | undefined)?.retryAfterSeconds).toBe(THROTTLE_RULES.share.blockMs / 1000);
      }
      // Another address is not affected, and a lookup without a known address is not limited.
      expect((await open(b, share.token, "198.51.100.9"))?.folder.name).toBe("Site assessments");
      expect(await open(b, unknownToken(), null)).toBeNull();
    });

    it("counts concurrent failed sign-ins on both instances exactly, and the block made on A holds on B", async () => {
      const keys = { email: "someone@example.org", ip: null };
      const max = THROTTLE_RULES.email.maxFailures;
      const results = await Promise.all(Array.from({ length: max - 1 }, (_, i) => recordFailure(i % 2 ? b : a.ctx, keys)));
      expect(results.map((r) => r.remaining).sort()).toEqual(Array.from({ length: max - 1 }, (_, i) => i + 1));
      expect(await blockedUntil(b, keys)).toBeNull();
      const last = await recordFailure(a.ctx, keys);
      expect(last.blockedUntil).not.toBeNull();
      expect(await blockedUntil(b, keys)).toEqual(last.blockedUntil);
    });
  });
}
