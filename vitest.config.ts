import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * Two projects: "unit" (pure code, beside it as *.test.ts) and "integration"
 * (*.int.test.ts and tests/integration: real SQLite files, and PostgreSQL
 * too when TEST_DATABASE_URL is set; see tests/support/engines.ts).
 */
export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/engine-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["app/**/*.int.test.ts", "tests/integration/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share the machine's PostgreSQL; each gets its own database, so files can run in parallel.
          fileParallelism: true,
        },
      },
    ],
  },
});
