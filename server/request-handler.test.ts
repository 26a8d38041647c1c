import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { nodeBodyResponse } from "~/.server/http/node-body";
import { sendResponse } from "./request-handler";

/** An answer of endless 64 KB chunks, like a file larger than any socket buffer. */
function endlessFile() {
  const chunk = Buffer.alloc(64 * 1024, 1);
  return new Readable({
    read() {
      this.push(chunk);
    },
  });
}

let server: Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

/** Serves `answer()` through sendResponse on a free loopback port; resolves with its origin. */
async function serve(answer: () => Response): Promise<string> {
  const app = express();
  app.get("/", (_req, res, next) => {
    sendResponse(res, answer()).catch(next);
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("sendResponse", () => {
  it("pipes a Node body into the socket, never reading the Response's web body", async () => {
    let response: Response | undefined;
    const origin = await serve(() => {
      response = nodeBodyResponse(Readable.from([Buffer.from("0123"), Buffer.from("4567")]), {
        status: 206,
        headers: { "Content-Length": "8", "Content-Range": "bytes 0-7/20" },
      });
      return response;
    });
    const res = await fetch(origin);
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Range")).toBe("bytes 0-7/20");
    expect(await res.text()).toBe("01234567");
    expect(response?.body?.locked).toBe(false);
  });

  it("closes the file when the client goes away mid-download", async () => {
    const file = endlessFile();
    const origin = await serve(() => nodeBodyResponse(file, { headers: { "Content-Type": "application/pdf" } }));
    await new Promise<void>((resolve, reject) => {
      const req = get(origin, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => undefined);
      setTimeout(() => reject(new Error("no byte arrived")), 5_000);
    });
    await expect.poll(() => file.destroyed, { timeout: 5_000 }).toBe(true);
  });

  it("closes the file, sending nothing, when the client left before the answer was ready", async () => {
    const file = endlessFile();
    const gone = { destroyed: true, writableEnded: false } as express.Response;
    await sendResponse(gone, nodeBodyResponse(file, {}));
    expect(file.destroyed).toBe(true);
  });

  it("writes a web body as it is", async () => {
    const origin = await serve(() => new Response("hello", { headers: { "Content-Type": "text/plain", "X-Test": "1" } }));
    const res = await fetch(origin);
    expect(res.headers.get("X-Test")).toBe("1");
    expect(await res.text()).toBe("hello");
  });
});
