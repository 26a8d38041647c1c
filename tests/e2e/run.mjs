#!/usr/bin/env node
// @ts-check
/**
 * `npm run test:e2e`: make sure Debian's Chromium is there (installing it
 * when missing and running as root), make sure the production build is
 * current, then run Playwright: every spec, then (when TEST_DATABASE_URL is
 * set) a subset again on PostgreSQL + S3. Extra arguments go to Playwright
 * and run one pass only, on E2E_ENGINE's engine (SQLite by default).
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

/**
 * Specs run a second time with every portal on PostgreSQL and an S3-compatible server
 * (E2E_ENGINE=postgres, support/engine.ts), so both set-ups are proven end to end: the ones
 * touching the database, storage, sessions, throttling and live events most, kept few for time.
 */
const POSTGRES_SPECS = [
  "tests/e2e/scale-out.spec.ts",
  "tests/e2e/unpublished-never-leaks.spec.ts",
  "tests/e2e/newcomer.spec.ts",
  "tests/e2e/admin-documents.spec.ts",
  "tests/e2e/login-throttle.spec.ts",
  "tests/e2e/lists.spec.ts",
  "tests/e2e/live-updates.spec.ts",
];

const extraArgs = process.argv.slice(2);
const DEFAULT_OUTPUT = "test-results";
const POSTGRES_OUTPUT = "test-results/postgres";
/** @type {Array<{ name: string, env: NodeJS.ProcessEnv, args: string[] }>} */
const passes = [{ name: process.env.E2E_ENGINE === "postgres" ? "PostgreSQL + S3" : "SQLite + local files", env: {}, args: extraArgs }];
// Arguments (spec files, --grep...) or an engine chosen by the caller mean one pass, as asked.
if (extraArgs.length === 0 && !process.env.E2E_ENGINE) {
  if (process.env.TEST_DATABASE_URL)
    // Its own output folder, so the first pass's failure details are still there after it.
    passes.push({
      name: "PostgreSQL + S3, subset",
      env: { E2E_ENGINE: "postgres" },
      args: ["--output", POSTGRES_OUTPUT, ...POSTGRES_SPECS],
    });
  else console.log("e2e: TEST_DATABASE_URL is not set, so the PostgreSQL + S3 pass is skipped (CI sets it).");
}

const results = passes.map((pass) => {
  console.log(`\ne2e: pass "${pass.name}"`);
  const started = Date.now();
  const status = run(process.execPath, [playwright, "test", ...pass.args], { env: { ...process.env, ...pass.env } });
  const failures = status === 0 ? [] : printFailurePages(pass.args.includes("--output") ? POSTGRES_OUTPUT : DEFAULT_OUTPUT);
  return { ...pass, status, seconds: Math.round((Date.now() - started) / 1000), failures };
});
/**
 * What the page looked like when each test failed (Playwright's error-context.md: the page's
 * accessibility snapshot), printed so that a CI log, whose files are gone after the run, shows it.
 * Returns each failure's test and the start of its error, for the summary at the very end.
 * @param {string} outputDir
 * @returns {string[]}
 */
function printFailurePages(outputDir) {
  const dir = path.join(root, outputDir);
  if (!fs.existsSync(dir)) return [];
  const failures = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name, "error-context.md");
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    console.log(`\ne2e: the page when "${entry.name}" failed (${file.slice(root.length + 1)}):\n${text.slice(0, 6000)}`);
    failures.push(failureSummary(text, entry.name));
  }
  return failures;
}

/**
 * A failure in a few lines: the test's name and place, and the first lines of its error. A CI
 * log shown from its end keeps these even when the pages above are cut.
 * @param {string} text error-context.md
 * @param {string} fallbackName
 */
function failureSummary(text, fallbackName) {
  const name = /^- Name: (.*)$/m.exec(text)?.[1] ?? fallbackName;
  const location = /^- Location: (.*)$/m.exec(text)?.[1] ?? "";
  const error = /# Error details\s*```\n([\s\S]*?)```/.exec(text)?.[1] ?? "";
  const lines = error
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, 12);
  return [`${name} (${location})`, ...lines.map((line) => `    ${line.slice(0, 300)}`)].join("\n");
}

for (const r of results) {
  console.log(`e2e: pass "${r.name}" ${r.status === 0 ? "passed" : "FAILED"} in ${r.seconds} s`);
  for (const failure of r.failures) console.log(`  failed: ${failure}`);
}
process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
