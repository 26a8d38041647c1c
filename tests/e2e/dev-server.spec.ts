import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { test } from "./support/test";

/**
 * `npm run dev` (issue 9): the Express app of production with Vite in middleware mode. It runs
 * from a copy of the sources (node_modules hard-linked), so the test can edit a route without
 * touching the working tree, and shows the edit in an open page: in place on a page that hydrates,
 * by loading it again on one that does not.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const SOURCES = [
  "app",
  "server",
  "public",
  "bin",
  "tooling",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
  "lingui.config.ts",
  "tsconfig.json",
];
// An admin page (it hydrates, and takes an edit in place) and a public one (it does not hydrate,
// decision 0038: it is loaded again to show an edit).
const ROUTE = path.join("app", "routes", "admin", "setup.tsx");
const PUBLIC_ROUTE = path.join("app", "routes", "public", "about.tsx");
const SECURITY_HEADERS = ["content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy"];

interface DevServer {
  url: string;
  tree: string;
  stop(): Promise<void>;
}

async function startDevServer(): Promise<DevServer> {
  const tree = await fs.mkdtemp(path.join(os.tmpdir(), "portal-dev-tree-"));
  for (const entry of SOURCES) await fs.cp(path.join(root, entry), path.join(tree, entry), { recursive: true });
  const linked = spawnSync("cp", ["-al", path.join(root, "node_modules"), path.join(tree, "node_modules")]);
  if (linked.status !== 0) throw new Error(`could not link node_modules: ${linked.stderr}`);
  const dataDir = path.join(tree, "data");
  const child: ChildProcess = spawn(process.execPath, ["bin/dev.mjs"], {
    cwd: tree,
    // The engine variables of a PostgreSQL pass are not passed on: the dev server runs on SQLite.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await fs.rm(tree, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const port = /portal listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) return { url: `http://127.0.0.1:${port}`, tree, stop };
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`the dev server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The policy without its script sources: a nonce new for every response, or, for a page from the
 * production server's anonymous page cache (decision 0029; the dev server has none), the hashes of
 * the page's inline scripts. Either way no 'unsafe-inline'.
 */
function withoutScriptSources(policy: string | null): string {
  const scriptSrc = /script-src ([^;]*)/.exec(policy ?? "")?.[1] ?? "";
  // A cached public page has no inline script (decision 0038): 'self' alone then.
  expect(scriptSrc).toMatch(/^'self'( 'nonce-[^']+' 'strict-dynamic'|( 'sha256-[^']+')+)?$/);
  return (policy ?? "").replace(/script-src [^;]*/, "script-src");
}

test.describe("the dev server", () => {
  test.describe.configure({ timeout: 120_000 });
  let dev: DevServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dev = await startDevServer();
  });
  test.afterAll(async () => {
    await dev?.stop();
  });

  test("serves the same routes with the same security headers as production", async () => {
    const production = process.env.PORTAL_URL;
    expect(production, "global setup starts the production portal").toBeTruthy();
    for (const page of ["/", "/about", "/admin/login", "/no-such-page"]) {
      const [fromDev, fromProduction] = await Promise.all([fetch(`${dev.url}${page}`), fetch(`${production}${page}`)]);
      expect(fromDev.status, page).toBe(fromProduction.status);
      for (const name of SECURITY_HEADERS) {
        const devValue = fromDev.headers.get(name);
        expect(devValue, `${page} ${name}`).toBeTruthy();
        if (name === "content-security-policy") {
          expect(withoutScriptSources(devValue), page).toBe(withoutScriptSources(fromProduction.headers.get(name)));
        } else {
          expect(devValue, `${page} ${name}`).toBe(fromProduction.headers.get(name));
        }
      }
    }
    expect((await fetch(`${dev.url}/healthz`)).status).toBe(200);
    // Sources are compiled on request, not read from a build.
    expect((await fetch(`${dev.url}/@vite/client`)).status).toBe(200);
  });

  test("an edited route shows in the open page without a reload", async ({ page }) => {
    // The first visit makes Vite discover and bundle the browser's dependencies, then reload.
    await page.goto(`${dev.url}/admin/setup`);
    await page.waitForLoadState("networkidle");
    // Vite's client says so in the console once its hot-reload socket is connected.
    const connected = page.waitForEvent("console", { predicate: (m) => m.text().includes("[vite] connected"), timeout: 60_000 });
    await page.goto(`${dev.url}/admin/setup`);
    await expect(page.getByRole("link", { name: "Go to sign in" })).toBeVisible();
    await connected;
    // A full reload would lose this mark.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    const file = path.join(dev.tree, ROUTE);
    const source = await fs.readFile(file, "utf8");
    const edited = source.replace("<Trans>Go to sign in</Trans>", "<Trans>Go to sign in (edited)</Trans>");
    // Written again if the page has not changed after 10 s: once in a full CI run (not in three
    // runs alone) the edit never showed in 20 s, most likely a write Vite's file watcher did not
    // see while it was still scanning the copied tree. Each try must still arrive without a reload.
    await expect(async () => {
      await fs.writeFile(file, edited);
      await expect(page.getByText("Go to sign in (edited)")).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 40_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // The server renders the edited text too, without a restart.
    expect(await (await fetch(`${dev.url}/admin/setup`)).text()).toContain("Go to sign in (edited)");
  });

  test("an edited public page is loaded again to show the edit", async ({ page }) => {
    const connected = page.waitForEvent("console", { predicate: (m) => m.text().includes("[vite] connected"), timeout: 60_000 });
    await page.goto(`${dev.url}/about`);
    await expect(page.getByRole("heading", { level: 1, name: "About" })).toBeVisible();
    await connected;
    const file = path.join(dev.tree, PUBLIC_ROUTE);
    const source = await fs.readFile(file, "utf8");
    const edited = source.replace("<Trans>About</Trans>", "<Trans>About (edited)</Trans>");
    expect(edited).not.toBe(source);
    // Written again if the page has not changed after 10 s (see the test above).
    await expect(async () => {
      await fs.writeFile(file, edited);
      await expect(page.getByRole("heading", { level: 1, name: "About (edited)" })).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 40_000 });
  });
});
