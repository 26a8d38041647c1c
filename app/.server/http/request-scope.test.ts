import { describe, expect, it } from "vitest";
import { oncePerRead, runInRequestScope } from "./request-scope";

/** A lookup that counts its calls and answers with the call's number. */
function countedLookup() {
  const calls = { count: 0 };
  const lookup = oncePerRead(async (_request: Request) => ++calls.count);
  return { lookup, calls };
}

const copy = (method: string) => new Request("http://portal.test/admin/documents", { method, headers: { Cookie: "portal_session=tok" } });
const scope = (requestId: string) => ({ requestId, userId: null });

describe("oncePerRead", () => {
  it("asks once for every copy of a reading request (the loaders of one page)", async () => {
    const { lookup, calls } = countedLookup();
    const answers = await runInRequestScope(scope("r1"), () =>
      Promise.all([lookup(copy("GET")), lookup(copy("GET")), lookup(copy("HEAD"))]),
    );
    expect(answers).toEqual([1, 1, 1]);
    expect(calls.count).toBe(1);
  });

  it("asks again in another request, on each call of a writing request, and outside any request", async () => {
    const { lookup, calls } = countedLookup();
    expect(await runInRequestScope(scope("r2"), () => lookup(copy("GET")))).toBe(1);
    expect(await runInRequestScope(scope("r3"), () => lookup(copy("GET")))).toBe(2);
    const posted = await runInRequestScope(scope("r4"), async () => [await lookup(copy("POST")), await lookup(copy("POST"))]);
    expect(posted).toEqual([3, 4]);
    expect(await lookup(copy("GET"))).toBe(5);
    expect(calls.count).toBe(5);
  });
});
