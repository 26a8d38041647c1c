import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build in Debian's Chromium
 * (never a downloaded browser; ARCHITECTURE.md section 5). Run through
 * tests/e2e/run.mjs, which builds and finds Chromium first.
 */
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // Two instances on one PostgreSQL and one S3 server: only in the PostgreSQL + S3 pass (run.mjs).
  testIgnore: process.env.E2E_ENGINE === "postgres" ? [] : ["**/scale-out.spec.ts"],
  globalSetup: "./tests/e2e/global-setup.ts",
  // One spec file at a time unless E2E_WORKERS says otherwise (tests within a file stay in order;
  // each spec that changes data has its own portal). Two workers cut the SQLite pass by a fifth on
  // the two-core CI machine, but with this session's specs added, the timing-sensitive ones (a
  // status seen between two renders, a refresh within its window, one toast per action) failed in
  // two full CI runs while passing alone: one worker until they no longer depend on an idle core.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  retries: 0,
  use: {
    ...devices["Desktop Chrome"],
    // A click or a page load that waits this long is stuck: it fails on its own, with the call log
    // saying what it waited for (an element disabled, covered, moving), rather than as a bare test timeout.
    actionTimeout: 20_000,
    navigationTimeout: 60_000,
    // The public pages register a service worker (decision 0036). `page.route` does not see the
    // requests a worker makes, and a worker installing beside a test changes its timing: the
    // specs test the pages themselves, and offline.spec.ts (which allows it) tests the worker.
    serviceWorkers: "block",
    trace: "off",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
