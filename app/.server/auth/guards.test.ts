import { beforeEach, describe, expect, it, vi } from "vitest";
import { runInRequestScope } from "../http/request-scope";
import { getSession } from "./guards";
import { resolveSession } from "./sessions";

vi.mock("../context", () => ({ app: () => ({}) }));
vi.mock("./sessions", async (original) => ({
  ...(await original<typeof import("./sessions")>()),
  resolveSession: vi.fn(async (_ctx: unknown, token: string) => ({ user: { id: `user-of-${token}` } })),
}));

const lookups = vi.mocked(resolveSession);
const asked = (method: string) => new Request("http://portal.test/admin/documents", { method, headers: { Cookie: "portal_session=tok" } });

describe("getSession", () => {
  beforeEach(() => lookups.mockClear());

  it("looks a request's session up once for all its loaders, though each has its own copy of the request", async () => {
    await runInRequestScope({ requestId: "r1", userId: null }, async () => {
      const [layout, page] = await Promise.all([getSession(asked("GET")), getSession(asked("GET"))]);
      expect(layout).toBe(page);
      expect(layout?.user.id).toBe("user-of-tok");
    });
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it("looks again in another request, for an action, and outside any request", async () => {
    await runInRequestScope({ requestId: "r2", userId: null }, () => getSession(asked("GET")));
    await runInRequestScope({ requestId: "r3", userId: null }, async () => {
      await getSession(asked("POST"));
      await getSession(asked("POST"));
    });
    await getSession(asked("GET"));
    expect(lookups).toHaveBeenCalledTimes(4);
  });
});
