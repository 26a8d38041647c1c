import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accessLog } from "./access-log";
import { expressErrorLogger, routeErrorLogger } from "./error-log";
import { REQUEST_ID_HEADER } from "./request-id";

type Line = Record<string, unknown> & { level: number; msg: string };

function capture() {
  const lines: Line[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  return { lines, log };
}

const args = (request: Request) => ({ request, params: {}, context: {} }) as unknown as Parameters<ReturnType<typeof routeErrorLogger>>[1];

describe("React Router's handleError", () => {
  const request = (init?: RequestInit) =>
    new Request("http://portal.test/admin/set-password?token=s3cret&page=2", {
      ...init,
      headers: { [REQUEST_ID_HEADER]: "req-0123456789", cookie: "portal_session=sess1on" },
    });

  it("writes an unexpected error as one line: method, redacted path, request id, the error with its stack", () => {
    const { lines, log } = capture();
    routeErrorLogger(() => log)(new TypeError("cannot read x of undefined"), args(request({ method: "POST" })));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "unexpected error",
      method: "POST",
      path: "/admin/set-password?token=[redacted]&page=2",
      requestId: "req-0123456789",
      userId: null,
      err: { type: "TypeError", message: "cannot read x of undefined" },
    });
    expect((lines[0]?.err as { stack?: string } | undefined)?.stack).toContain("\n    at ");
    expect(JSON.stringify(lines[0])).not.toMatch(/s3cret|sess1on/);
  });

  it("logs the error inside React Router's own 5xx, and something thrown that is no Error", () => {
    const { lines, log } = capture();
    routeErrorLogger(() => log)(new ErrorResponse(500, "", new Error("render failed"), true), args(request()));
    routeErrorLogger(() => log)("a string", args(request()));
    expect(lines.map((l) => [l.level, (l.err as { message: string }).message])).toEqual([
      [50, "render failed"],
      [50, "a string"],
    ]);
  });

  it("treats aborted requests and answers a route chose (4xx, a thrown 503) as no error", () => {
    const { lines, log } = capture();
    const aborted = new AbortController();
    aborted.abort();
    routeErrorLogger(() => log)(new Error("cut short"), args(request({ signal: aborted.signal })));
    routeErrorLogger(() => log)(new ErrorResponse(404, "Not Found", new Error("No route matches URL"), true), args(request()));
    routeErrorLogger(() => log)(new ErrorResponse(503, "", { maintenance: true }), args(request()));
    expect(lines.map((l) => [l.level, l.msg, l.status])).toEqual([
      [20, "request refused", 404],
      [20, "request refused", 503],
    ]);
  });
});

describe("Express's last handler", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function serve(app: express.Express): Promise<string> {
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("logs a middleware's failure as one line with the answer's request id and answers a bare 500; nothing on stderr", async () => {
    const { lines, log } = capture();
    const app = express();
    app.use(accessLog(log));
    app.use(async () => {
      throw new Error("dashboards list unavailable");
    });
    app.use(expressErrorLogger(log));
    const origin = await serve(app);
    const consoleError = vi.spyOn(console, "error");
    try {
      const res = await fetch(`${origin}/reports?q=private`, { headers: { cookie: "portal_session=sess1on" } });
      expect(res.status).toBe(500);
      expect(await res.text()).toBe("Internal Server Error");
      const id = res.headers.get("x-request-id");
      const errors = lines.filter((l) => l.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ msg: "unexpected error", method: "GET", path: "/reports?q=[redacted]", requestId: id });
      expect((errors[0]?.err as { message?: string } | undefined)?.message).toBe("dashboards list unavailable");
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });

  it("answers a client's mistake with its status and a debug line", async () => {
    const { lines, log } = capture();
    const app = express();
    app.use(accessLog(log));
    app.use(() => {
      throw Object.assign(new Error("Failed to decode param"), { status: 400 });
    });
    app.use(expressErrorLogger(log));
    const origin = await serve(app);
    const res = await fetch(`${origin}/x`);
    expect([res.status, await res.text()]).toEqual([400, "Bad Request"]);
    expect(lines.filter((l) => l.level >= 50)).toHaveLength(0);
    expect(lines.some((l) => l.level === 20 && l.msg === "request refused")).toBe(true);
  });
});
