import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import type { RequestHandler, RouterContextProvider } from "react-router";
import { takeBody } from "~/.server/http/node-body";

/**
 * React Router behind Express (decision 0027): the Express request becomes a web Request, the
 * app's Response is written back. It does what @react-router/express 7.18.4 does, with two
 * additions (app/.server/http/node-body.ts): a file's body that is a Node stream is piped into the
 * socket as it is, at the speed of the disk, and a page's bytes are written in one call, both
 * instead of through a web stream and back.
 */
export function reactRouterHandler(options: {
  render: RequestHandler;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
}): express.RequestHandler {
  return async (req, res, next) => {
    const url = requestUrl(req);
    if (!url) {
      res.status(400).type("text/plain").set("Cache-Control", "no-store").send("Bad Request: the Host header is not a valid host");
      return;
    }
    try {
      const request = webRequest(req, url, res);
      const response = await options.render(request, options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The address of an Express request as React Router sees it: the host is the one the browser
 * named (X-Forwarded-Host is dropped before this, decision 0021). Null when no URL can be made of
 * it (a port past 65535, say).
 */
export function requestUrl(req: express.Request): URL | null {
  return addressOf(req.protocol, req.get("host"), req.originalUrl);
}

/**
 * The same address from its parts, for what is answered before Express (the page cache's hits):
 * the scheme (requestProtocol), the Host header as sent, the path and query as sent.
 */
export function addressOf(protocol: string, host: string | undefined, pathAndQuery: string): URL | null {
  const port = /:(\d+)$/.exec(host ?? "")?.[1];
  const hostname = hostnameOf(host ?? "").split(/[\\/?#@]/)[0] || "localhost";
  const href = `${protocol}://${hostname}${port ? `:${Number(port)}` : ""}${pathAndQuery}`;
  return URL.canParse(href) ? new URL(href) : null;
}

/** A Host header without its port, as Express's `req.hostname` reads it (IPv6 literals kept whole). */
function hostnameOf(host: string): string {
  const offset = host.startsWith("[") ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", offset);
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * A request's scheme as Express's `req.protocol` reads it: https over TLS, else http; the first
 * value of X-Forwarded-Proto when the connection comes from a trusted proxy (TRUST_PROXY).
 */
export function requestProtocol(req: IncomingMessage, trustProxy: (address: string | undefined, hop: number) => boolean): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  if (!trustProxy(req.socket.remoteAddress, 0)) return own;
  const forwarded = req.headers["x-forwarded-proto"];
  const header = (Array.isArray(forwarded) ? forwarded[0] : forwarded) || own;
  const comma = header.indexOf(",");
  return (comma === -1 ? header : header.slice(0, comma)).trim();
}

/**
 * The web Request of an Express one at `url`. Given `res`, its signal aborts when the client goes
 * away before the answer is complete; without it (a page rendered for the page cache, which
 * serves the next visitor too) nothing aborts it.
 */
export function webRequest(req: express.Request, url: URL, res?: express.Response): Request {
  const controller = new AbortController();
  if (res) {
    let finished = false;
    res.on("finish", () => (finished = true));
    res.on("close", () => finished || controller.abort());
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** Writes `response` to `res`: a Node body piped, bytes or a web body written, none ended. */
export async function sendResponse(res: express.Response, response: Response): Promise<void> {
  const body = takeBody(response);
  if (res.destroyed || res.writableEnded) {
    if (body instanceof Readable) body.destroy();
    else await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The answer's headers replace what Express set before it (the security headers): appended,
  // a file's own `X-Content-Type-Options` went out twice. Only cookies are many.
  for (const [name, value] of response.headers.entries()) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.append("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (body instanceof Readable) return pipeNodeBody(body, res);
  if (body) {
    res.end(body);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * Pipes a file into the response with backpressure; a client that goes away ends the read (the
 * file is closed), a read that fails ends the response early (it cannot be whole) and is passed on.
 */
async function pipeNodeBody(body: Readable, res: express.Response): Promise<void> {
  try {
    await pipeline(body, res);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
}
