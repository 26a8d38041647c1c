import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints how many database tests ran on each engine, so a CI log shows that
 * the suites really ran on PostgreSQL as well as SQLite.
 */
export default class EngineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = new Map<string, { passed: number; failed: number; skipped: number }>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const engine = /\[(sqlite|postgres)\]/.exec(test.fullName)?.[1];
        if (!engine) continue;
        const entry = counts.get(engine) ?? { passed: 0, failed: 0, skipped: 0 };
        const state = test.result().state;
        if (state === "passed") entry.passed += 1;
        else if (state === "failed") entry.failed += 1;
        else entry.skipped += 1;
        counts.set(engine, entry);
      }
    }
    if (counts.size === 0) return;
    const parts = [...counts].map(([engine, c]) => `${engine}: ${c.passed} passed, ${c.failed} failed`);
    console.log(
      `\nDatabase tests by engine: ${parts.join("; ")}${process.env.TEST_DATABASE_URL ? "" : " (set TEST_DATABASE_URL to run them on PostgreSQL too)"}`,
    );
  }
}
