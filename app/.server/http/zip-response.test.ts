import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { takeBody } from "./node-body";
import { type ZipSource, zipResponse } from "./zip-response";

/** A source that records when it is opened and whether it was closed before its end. */
function source(name: string, size: number) {
  const state = { opened: false, destroyed: false };
  const entry: ZipSource = {
    name,
    size,
    modifiedAt: new Date("2026-05-01T08:00:00Z"),
    open: async () => {
      state.opened = true;
      const stream = new PassThrough();
      stream.on("close", () => {
        if (!stream.writableFinished) state.destroyed = true;
      });
      // Half the bytes now; the rest never comes unless asked (a slow storage).
      stream.write(Buffer.alloc(size / 2, 1));
      return stream;
    },
  };
  return { entry, state };
}

const request = (method = "GET") => new Request("http://localhost/zip", { method });

describe("a ZIP streamed as the response", () => {
  it("opens one source at a time, and closes it and opens no other when the client goes away", async () => {
    const first = source("a.pdf", 200_000);
    const second = source("b.pdf", 1_000);
    const response = zipResponse(request(), [first.entry, second.entry], "folder.zip");
    const body = takeBody(response) as Readable;
    await new Promise((resolve) => body.once("data", resolve));
    expect(first.state.opened).toBe(true);
    expect(second.state.opened).toBe(false);
    body.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first.state.destroyed).toBe(true);
    expect(second.state.opened).toBe(false);
  });

  it("ends the archive with the error when a source fails, rather than finishing a broken ZIP", async () => {
    const failing: ZipSource = {
      name: "gone.pdf",
      size: 10,
      modifiedAt: new Date(),
      open: async () => Promise.reject(new Error("Storage object not found")),
    };
    const body = takeBody(zipResponse(request(), [failing], "folder.zip")) as Readable;
    body.resume();
    const error = await new Promise<Error>((resolve) => body.once("error", resolve));
    expect(error.message).toBe("Storage object not found");
  });

  it("fails when a file has another size than its row says", async () => {
    const liar: ZipSource = { name: "short.pdf", size: 10, modifiedAt: new Date(), open: async () => Readable.from([Buffer.alloc(4)]) };
    const body = takeBody(zipResponse(request(), [liar], "folder.zip")) as Readable;
    body.resume();
    const error = await new Promise<Error>((resolve) => body.once("error", resolve));
    expect(error.message).toMatch(/unexpected number of bytes/);
  });
});
