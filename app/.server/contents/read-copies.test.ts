import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeReadCopyDir, removeDeadReadCopies } from "./read-copies";

/**
 * The reader's copies of stored files that a killed process left in the temp folder (found by the
 * crash benchmark, bench/crash.mjs: one folder, with a whole copy of the file, per kill during a
 * reading) go at the next start; a running reader's never do.
 */
describe("the file reader's temporary copies", () => {
  let tmp: string;
  let saved: string | undefined;
  beforeEach(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), "read-copies-test-"));
    saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp; // os.tmpdir() reads it on each call
  });
  afterEach(async () => {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it("are named after their process, and only those of processes gone are removed", async () => {
    const mine = await makeReadCopyDir();
    expect(path.basename(mine)).toMatch(new RegExp(`^portal-read-${process.pid}-`));
    await fs.writeFile(path.join(mine, "file.pdf"), "being read");
    // What a process killed while reading leaves: its folder, the copy and the child's output inside.
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    const dead = path.join(tmp, `portal-read-${ended}-AbC123`);
    await fs.mkdir(dead);
    await fs.writeFile(path.join(dead, "file.pdf"), "half a copy");
    await fs.writeFile(path.join(dead, `file.pdf.${ended}.tmp`), "child output");
    // Another program's folder, and a running process's (this test's parent), stay.
    const other = path.join(tmp, "portal-read-notapid");
    await fs.mkdir(other);
    const running = path.join(tmp, `portal-read-${process.ppid}-XyZ789`);
    await fs.mkdir(running);

    expect(await removeDeadReadCopies()).toBe(1);
    expect((await fs.readdir(tmp)).sort()).toEqual([path.basename(mine), path.basename(other), path.basename(running)].sort());
  });
});
