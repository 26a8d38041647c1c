#!/usr/bin/env node
// @ts-check
/**
 * `npm run test:e2e`: make sure Debian's Chromium is there (installing it
 * when missing and running as root), make sure the production build is
 * current, then run Playwright.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** @param {string} cmd @param {string[]} args @param {import("node:child_process").SpawnSyncOptions} [options] */
function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...options });
  return result.status ?? 1;
}

if (!fs.existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium not found at ${chromium}. Install Debian's "chromium" package or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log("Installing Debian's chromium package for the browser tests...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update", "-qq"], { env }) !== 0 || run("apt-get", ["install", "-y", "-qq", "chromium"], { env }) !== 0) {
    console.error("Could not install chromium.");
    process.exit(1);
  }
}

if (run(process.execPath, ["bin/portal.mjs", "build"]) !== 0) process.exit(1);
const playwright = path.join(root, "node_modules", "@playwright", "test", "cli.js");
process.exit(run(process.execPath, [playwright, "test", ...process.argv.slice(2)]));
