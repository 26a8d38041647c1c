import { describe, expect, it } from "vitest";
import { chooseRequestId, newRequestId, REQUEST_ID_HEADER, requestIdOf } from "./request-id";

describe("request ids", () => {
  it("are 22 random base64url characters", () => {
    const ids = new Set(Array.from({ length: 100 }, newRequestId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("keep a sane id from a trusted proxy only", () => {
    expect(chooseRequestId("4f2a9c1e77d0b1aa", true)).toBe("4f2a9c1e77d0b1aa");
    expect(chooseRequestId("0b6e5c2a-7d0f-4c1e-9a51-3e2f1d7c9b40", true)).toBe("0b6e5c2a-7d0f-4c1e-9a51-3e2f1d7c9b40");
    expect(chooseRequestId("4f2a9c1e77d0b1aa", false)).not.toBe("4f2a9c1e77d0b1aa");
    for (const bad of [undefined, "", "short", "has space here", "-leading-dash", "a".repeat(101), 'x"}{"level":60', "line\nbreak!"]) {
      expect(chooseRequestId(bad, true), String(bad)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });

  it("are read from the request the app sees", () => {
    expect(requestIdOf(new Request("http://x/", { headers: { [REQUEST_ID_HEADER]: "abc" } }))).toBe("abc");
    expect(requestIdOf(new Request("http://x/"))).toBeNull();
  });
});
