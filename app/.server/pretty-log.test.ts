import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runInRequestScope } from "./http/request-scope";
import { createLogger, writesPretty } from "./logger";
import { formatBytes, prettyLine } from "./pretty-log";

const noon = new Date(2026, 10, 27, 12, 0, 1).getTime();

describe("prettyLine", () => {
  it("shows an access line as time, level, method, path, status, duration and size", () => {
    const record = {
      level: 30,
      time: noon,
      pid: 1,
      hostname: "h",
      method: "GET",
      path: "/reports",
      status: 200,
      ms: 12,
      bytes: 24_710,
      requestId: "kq3",
      msg: "request",
    };
    expect(prettyLine(record, { color: false })).toBe("12:00:01 INFO  GET /reports 200 12ms 24.1KB requestId=kq3");
  });

  it("shows other lines as message and fields, an error's stack indented below", () => {
    const err = { type: "Error", message: "boom", stack: "Error: boom\n    at loader (app/routes/x.tsx:3:9)" };
    const record = { level: 50, time: noon, msg: "unexpected error", method: "GET", path: "/x", requestId: "kq3", userId: null, err };
    expect(prettyLine(record, { color: false })).toBe(
      "12:00:01 ERROR unexpected error method=GET path=/x requestId=kq3 userId=null\n  Error: boom\n      at loader (app/routes/x.tsx:3:9)",
    );
    expect(prettyLine({ level: 40, time: noon, msg: "cross-site request refused", reason: "bad origin" }, { color: false })).toBe(
      '12:00:01 WARN  cross-site request refused reason="bad origin"',
    );
  });

  it("never prints a control character a client sent", () => {
    const line = prettyLine({ level: 30, time: noon, msg: "x\u001b[2J", agent: "a\u001bb" }, { color: false });
    expect(line).not.toContain("\u001b");
  });

  it("colours the level only when asked (a terminal)", () => {
    expect(prettyLine({ level: 50, time: noon, msg: "m" }, { color: true })).toContain("\u001b[31mERROR\u001b[0m");
  });

  it("formats sizes", () => {
    expect([formatBytes(512), formatBytes(24_710), formatBytes(3_355_443)]).toEqual(["512B", "24.1KB", "3.2MB"]);
  });
});

describe("the logger's format", () => {
  it("is pretty at a terminal (auto) or when forced, JSON otherwise", () => {
    expect(writesPretty("auto", true)).toBe(true);
    expect(writesPretty("auto", false)).toBe(false);
    expect(writesPretty("pretty", false)).toBe(true);
    expect(writesPretty("json", true)).toBe(false);
  });

  function written(format: "auto" | "json" | "pretty", isTTY: boolean): string {
    const out = Object.assign(new PassThrough(), { isTTY }) as unknown as NodeJS.WriteStream;
    let text = "";
    out.on("data", (c: Buffer) => (text += c.toString()));
    createLogger({ logLevel: "info", logFormat: format }, out).info(
      { method: "GET", path: "/", status: 200, ms: 3, bytes: 900, cookie: "s3cret" },
      "request",
    );
    return text;
  }

  it("names the request being answered on every line written meanwhile", () => {
    const out = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
    let text = "";
    out.on("data", (c: Buffer) => (text += c.toString()));
    const log = createLogger({ logLevel: "info", logFormat: "auto" }, out);
    log.warn("outside");
    runInRequestScope({ requestId: "req-0123456789", userId: null }, () => log.warn({ reason: "bad origin" }, "inside"));
    const [outside, inside] = text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(outside).not.toHaveProperty("requestId");
    expect(inside).toMatchObject({ msg: "inside", reason: "bad origin", requestId: "req-0123456789" });
  });

  it("writes one JSON line to a pipe, one pretty line to a terminal, redacting cookies in both", () => {
    const json = JSON.parse(written("auto", false)) as Record<string, unknown>;
    expect(json).toMatchObject({ level: 30, msg: "request", path: "/", cookie: "[redacted]" });
    const pretty = written("auto", true);
    const ESC = "\u001b";
    expect(pretty).toMatch(/^\d\d:\d\d:\d\d /);
    expect(pretty.slice(9)).toBe(`${ESC}[32mINFO ${ESC}[0m GET / 200 3ms 900B cookie=[redacted]\n`);
  });
});
