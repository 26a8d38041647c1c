import fs from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./support/portal";
import { test } from "./support/test";

/**
 * The ASVS hardening issue, items 6 and 7, in a browser: a page of a neighbour on the same site
 * (another port of 127.0.0.1: another origin, but the same site, so the SameSite=Lax session cookie
 * goes along) posts forms to the portal's resource routes. Each is refused before any route runs;
 * the portal's own forms, with and without JavaScript, keep working, and the side menu's toggle
 * only ever goes back to a page of the portal.
 */
const ADMIN = { email: "chief@example.org", password: "chief-password" };

let portal: RunningPortal;
let neighbour: Server;
let neighbourUrl: string;

/** A page that posts one form to the portal as soon as it loads. */
function attackPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replaceAll('"', "&quot;")}">`)
    .join("");
  return `<!doctype html><title>Neighbour</title><form method="post" action="${action}">${inputs}</form><script>document.forms[0].submit()</script>`;
}

test.beforeAll(async () => {
  const dataDir = await tempDataDir();
  createAdmin(dataDir, ADMIN.email, ADMIN.password);
  portal = await startPortal(dataDir);
  const pages: Record<string, string> = {
    "/logout": attackPage(`${portal.url}/admin/logout`, {}),
    "/backup": attackPage(`${portal.url}/admin/database/backup`, {}),
    "/session": attackPage(`${portal.url}/admin/session`, {}),
    "/side-menu": attackPage(`${portal.url}/preferences/side-menu`, { open: "false", redirectTo: "/\\evil.example" }),
  };
  neighbour = createServer((req, res) => {
    const body = pages[req.url ?? ""];
    res.writeHead(body ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" }).end(body ?? "");
  });
  await new Promise<void>((resolve) => neighbour.listen(0, "127.0.0.1", resolve));
  neighbourUrl = `http://127.0.0.1:${(neighbour.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (neighbour ? neighbour.close(() => resolve()) : resolve()));
  if (portal) {
    await portal.stop();
    await fs.rm(portal.dataDir, { recursive: true, force: true });
  }
});

async function signIn(page: Page) {
  await page.goto(`${portal.url}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${portal.url}/admin`);
}

test("a neighbour's page can neither sign an admin out nor download a backup in their browser", async ({ page }) => {
  await signIn(page);
  let downloads = 0;
  page.on("download", () => downloads++);
  for (const [attack, target] of [
    ["/logout", "/admin/logout"],
    ["/backup", "/admin/database/backup"],
    ["/session", "/admin/session"],
    ["/side-menu", "/preferences/side-menu"],
  ]) {
    const answer = page.waitForResponse(`${portal.url}${target}`);
    await page.goto(`${neighbourUrl}${attack}`);
    const response = await answer;
    expect(response.status(), attack).toBe(403);
    expect(response.request().headers().origin, attack).toBe(neighbourUrl);
    await expect(page.getByText("this request did not come from the portal's own pages")).toBeVisible();
  }
  expect(downloads).toBe(0);
  // Still signed in: the admin page opens, and its own backup button downloads (SQLite; on
  // PostgreSQL the page shows the pg_dump command instead).
  await page.goto(`${portal.url}/admin/database`);
  await expect(page).toHaveURL(`${portal.url}/admin/database`);
  if (portal.engine === "postgres") {
    await expect(page.getByText("pg_dump", { exact: false }).first()).toBeVisible();
    return;
  }
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download backup" }).click();
  expect((await download).suggestedFilename()).toMatch(/^portal-\d{8}-\d{4}\.db$/);
});

test("the side menu's toggle works without JavaScript and goes back to pages of the portal only", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${portal.url}/documents?q=camp`);
  const toggle = page.getByRole("complementary").getByRole("button", { name: /(Collapse|Expand) side menu/ });
  const label = await toggle.getAttribute("aria-label");
  await toggle.click();
  await expect(page).toHaveURL(`${portal.url}/documents?q=camp`);
  await expect(page.getByRole("complementary").getByRole("button", { name: /(Collapse|Expand) side menu/ })).not.toHaveAttribute(
    "aria-label",
    label ?? "",
  );

  // A form of the portal's own origin with a target that would leave the site lands on /documents.
  for (const redirectTo of ["/\\evil.example", "/%09/evil.example", "//evil.example", "/%5C/evil.example"]) {
    const response = await page.request.post(`${portal.url}/preferences/side-menu`, {
      headers: { Origin: portal.url },
      form: { open: "true", redirectTo },
      maxRedirects: 0,
    });
    expect(response.status(), redirectTo).toBe(302);
    expect(response.headers().location, redirectTo).toBe("/documents");
  }
  await context.close();
});
