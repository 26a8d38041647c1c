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

/**
 * Serves `answer()` through sendResponse on a free loopback port, after `before` (what Express
 * does first: the security headers); resolves with its origin.
 */
async function serve(answer: () => Response, before?: (res: express.Response) => void): Promise<string> {
  const app = express();
  app.get("/", (_req, res, next) => {
    before?.(res);
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

  it("sends each header once, the answer's value over Express's, and every cookie", async () => {
    const origin = await serve(
      () => {
        const headers = new Headers({ "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY" });
        headers.append("Set-Cookie", "a=1; Path=/");
        headers.append("Set-Cookie", "b=2; Path=/");
        return new Response("ok", { headers });
      },
      (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("X-Frame-Options", "SAMEORIGIN");
      },
    );
    // The raw header lines: fetch would join repeated ones into one value.
    const raw = await new Promise<string[]>((resolve, reject) => {
      get(origin, (res) => {
        res.resume();
        resolve(res.rawHeaders);
      }).on("error", reject);
    });
    const values = (name: string) => raw.filter((_, i) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === name);
    expect(values("x-content-type-options")).toEqual(["nosniff"]);
    expect(values("x-frame-options")).toEqual(["DENY"]);
    expect(values("set-cookie")).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("writes a web body as it is", async () => {
    const origin = await serve(() => new Response("hello", { headers: { "Content-Type": "text/plain", "X-Test": "1" } }));
    const res = await fetch(origin);
    expect(res.headers.get("X-Test")).toBe("1");
    expect(await res.text()).toBe("hello");
  });
});
