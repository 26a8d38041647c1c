import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";
import { linguiMacros } from "./tooling/lingui-macros";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
/** The messages' macros and catalogues, as the build compiles them (vite.config.ts). */
const plugins = [linguiMacros(), lingui()];

/**
 * Two projects: "unit" (pure code, beside it as *.test.ts) and "integration"
 * (*.int.test.ts and tests/integration: real SQLite files, and PostgreSQL
 * too when TEST_DATABASE_URL is set; see tests/support/engines.ts).
 *
 * Neither needs a fresh module graph per file (isolate: false): no test mocks a module or stubs a
 * global, the tests that fake timers restore them after each test, and the few module-level caches
 * of app/.server are keyed by the test's own context. A fresh graph per file cost the unit tests
 * 15 of their 20 s, and the integration tests about a minute of loading the server modules again.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/engine-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        plugins,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tooling/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        plugins,
        test: {
          name: "integration",
          include: ["app/**/*.int.test.ts", "tests/integration/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
          // Files share the machine's PostgreSQL; each gets its own database, so files can run in parallel.
          fileParallelism: true,
          // At least three files at a time (Vitest's default is one less than the cores: one file at a
          // time on the two-core CI machine): much of a file's time is spent waiting on PostgreSQL
          // and on SQLite's fsyncs, which another file can use.
          maxWorkers: Math.max(3, availableParallelism()),
          // s3rver signs ListObjectsV2's continuation tokens with DES, which OpenSSL 3 only has in
          // its legacy provider: without it, any listing longer than one page (1,000 keys) fails.
          execArgv: ["--openssl-legacy-provider"],
        },
      },
    ],
  },
});
