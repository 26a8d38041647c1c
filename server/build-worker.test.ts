import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildWorker } from "./build-worker";

describe("buildWorker", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-worker-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes sw.js carrying the release id, which changes when the build's files change", async () => {
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "entry-AbC123.js"), "");
    const first = await buildWorker(dir);
    const worker = fs.readFileSync(path.join(dir, "sw.js"), "utf8");
    expect(worker).toContain(`addEventListener("fetch"`);
    expect(worker).toContain(first);
    expect(worker).not.toContain("BUILD_ID");
    // Compressed copies are not files of the build: they do not change the release.
    fs.writeFileSync(path.join(dir, "assets", "entry-AbC123.js.br"), "");
    expect(await buildWorker(dir)).toBe(first);
    fs.writeFileSync(path.join(dir, "assets", "entry-XyZ789.js"), "");
    const second = await buildWorker(dir);
    expect(second).not.toBe(first);
    expect(fs.readFileSync(path.join(dir, "sw.js"), "utf8")).toContain(second);
  });
});
