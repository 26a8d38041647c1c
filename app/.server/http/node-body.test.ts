import { Readable } from "node:stream";
import { setImmediate as tick } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { bytesResponse, nodeBodyResponse, takeBody } from "./node-body";

/** A stream of `chunks` that counts how often Node asked it for bytes. */
function countedStream(chunks: string[]) {
  const left = [...chunks];
  const stream = new Readable({
    read() {
      reads.count++;
      this.push(left.length ? Buffer.from(left.shift() ?? "") : null);
    },
  });
  const reads = { count: 0 };
  return { stream, reads };
}

describe("nodeBodyResponse", () => {
  it("hands its Node stream to one taker, untouched", async () => {
    const { stream, reads } = countedStream(["abc"]);
    const response = nodeBodyResponse(stream, { status: 206, headers: { "Content-Length": "3" } });
    await tick();
    expect(reads.count).toBe(0);
    expect(takeBody(response)).toBe(stream);
    expect(takeBody(response)).toBeUndefined();
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Length")).toBe("3");
  });

  it("is a whole Response to whoever reads its body instead", async () => {
    const { stream } = countedStream(["abc", "def"]);
    const response = nodeBodyResponse(stream, {});
    expect(await response.text()).toBe("abcdef");
  });

  it("closes the stream when its body is cancelled", async () => {
    const { stream } = countedStream(["abc"]);
    await nodeBodyResponse(stream, {}).body?.cancel();
    expect(stream.destroyed).toBe(true);
  });

  it("knows no stream for any other Response", () => {
    expect(takeBody(new Response("abc"))).toBeUndefined();
  });
});

describe("bytesResponse", () => {
  it("hands its bytes to one taker, with its status and headers", () => {
    const bytes = Buffer.from("<p>Título</p>");
    const response = bytesResponse(bytes, { status: 404, headers: { "Content-Type": "text/html" } });
    expect(takeBody(response)).toBe(bytes);
    expect(takeBody(response)).toBeUndefined();
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html");
  });

  it("is a whole Response to whoever reads its body instead", async () => {
    expect(await bytesResponse(Buffer.from("<p>Título</p>"), {}).text()).toBe("<p>Título</p>");
  });

  it("knows no bytes for any other Response", () => {
    expect(takeBody(new Response("abc"))).toBeUndefined();
  });
});
