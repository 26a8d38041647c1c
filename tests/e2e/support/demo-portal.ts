import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { engineEnv, releaseEngine } from "./engine";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./portal";

export const DEMO_ADMIN = { email: "demo-admin@example.org", password: "demo-admin-password" };

/** Signs `page` in as the demo's admin, in English (the labels below are the English ones). */
export async function signInDemo(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base}/admin`);
}

const root = path.resolve(import.meta.dirname, "..", "..", "..");

/** Where the global setup left a data directory with the demo content and its admin (SQLite runs). */
export const DEMO_TEMPLATE_VARIABLE = "E2E_DEMO_TEMPLATE";

/** `portal demo` and the demo's admin, into `dataDir` (on the run's engine). */
export function writeDemo(dataDir: string): void {
  const demo = spawnSync(process.execPath, [path.join(root, "bin", "portal.mjs"), "demo"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...engineEnv(dataDir) },
    encoding: "utf8",
    timeout: 120_000,
  });
  if (demo.status !== 0) throw new Error(`portal demo failed: ${demo.stderr}${demo.stdout}`);
  createAdmin(dataDir, DEMO_ADMIN.email, DEMO_ADMIN.password);
}

/**
 * A dedicated portal with the demo content (`portal demo`) and one admin; `dispose` stops it and
 * removes its data. On the run's engine (E2E_ENGINE): with PostgreSQL, its own database and bucket.
 * On SQLite a copy of the data the global setup wrote once (a SQLite file and the demo's files):
 * the same content, without a `portal demo` and an `admin:create` (two processes, about 2.5 s of
 * CPU) for each of the specs that start one.
 */
export async function startDemoPortal(
  prepare?: (dataDir: string) => void | Promise<void>,
  env: Record<string, string> = {},
): Promise<RunningPortal & { dispose(): Promise<void> }> {
  const dataDir = await tempDataDir();
  // Set by the global setup on SQLite runs only.
  const template = process.env[DEMO_TEMPLATE_VARIABLE];
  if (template) await fs.cp(template, dataDir, { recursive: true });
  else writeDemo(dataDir);
  await prepare?.(dataDir);
  const portal = await startPortal(dataDir, env);
  return {
    ...portal,
    async dispose() {
      await portal.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      await releaseEngine(dataDir);
    },
  };
}
