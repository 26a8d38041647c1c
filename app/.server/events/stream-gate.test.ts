import { describe, expect, it } from "vitest";
import { StreamGate } from "./stream-gate";

describe("StreamGate", () => {
  it("holds at most so many streams per address and in all; a release frees its place once", () => {
    const gate = new StreamGate({ perAddress: 2, total: 3, maxAgeMs: 60_000 });
    const a1 = gate.acquire("a");
    const a2 = gate.acquire("a");
    expect(a1 && a2).toBeTruthy();
    expect(gate.acquire("a")).toBeNull(); // per address
    const b1 = gate.acquire("b");
    expect(b1).toBeTruthy();
    expect(gate.acquire("c")).toBeNull(); // in all
    a1!();
    a1!(); // twice: still one place
    expect(gate.openStreams).toBe(2);
    const c1 = gate.acquire("c");
    expect(c1).toBeTruthy();
    expect(gate.acquire("c")).toBeNull();
    for (const release of [a2!, b1!, c1!]) release();
    expect(gate.openStreams).toBe(0);
    expect(gate.acquire("a")).toBeTruthy();
  });
});
