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
  // Two spec files at a time (E2E_WORKERS to choose; tests within a file stay in order): each spec
  // that changes data has its own portal, and the shared one takes only uploads no other spec counts.
  // On the two-core CI machine this keeps both cores busy (one worker, its browser and its portal use
  // about one) and cuts the SQLite pass by a fifth or more. The sign-in that once failed under two
  // workers was the sign-in form replacing the password box typed into before it was interactive
  // (fixed in ui/field.tsx; access.spec checks it).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  retries: 0,
  use: {
    ...devices["Desktop Chrome"],
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
