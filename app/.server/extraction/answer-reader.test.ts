import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { AnswerTooLarge, FrameReader } from "./answer-reader";
import { type ChildMessage, frame } from "./protocol";
import { FAILURE_REASONS, failedOutcome } from "./result";

const outcome: ChildMessage = {
  type: "outcome",
  outcome: { ...failedOutcome(FAILURE_REASONS.damaged, "x"), pages: [{ number: 1, text: "é".repeat(1000) }] },
};
const thumbnail: ChildMessage = { type: "thumbnail", thumbnail: { bytes: new Uint8Array([1, 2, 3]), width: 2, height: 3 }, detail: null };

describe("the child's answer frames", () => {
  it("come out whole however the pipe cuts them", () => {
    const bytes = Buffer.concat([frame(outcome), frame(thumbnail)]);
    for (const size of [1, 3, 100, bytes.length]) {
      const reader = new FrameReader(1024 * 1024);
      const messages: ChildMessage[] = [];
      for (let i = 0; i < bytes.length; i += size) messages.push(...reader.push(bytes.subarray(i, i + size)));
      expect(messages).toHaveLength(2);
      expect(messages[0]).toEqual(outcome);
      expect(messages[1]!.type === "thumbnail" && [...messages[1]!.thumbnail!.bytes]).toEqual([1, 2, 3]);
    }
  });

  it("are refused past the size the parent reads", () => {
    const reader = new FrameReader(100);
    expect(() => reader.push(frame(outcome))).toThrow(AnswerTooLarge);
  });

  it("are checked field by field", () => {
    const body = v8.serialize({ type: "outcome", outcome: { status: "done", reason: "Because" } });
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    expect(() => new FrameReader(1024).push(Buffer.concat([head, body]))).toThrow();
  });
});
