import fs from "node:fs/promises";
import { expect } from "@playwright/test";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./support/portal";
import { test } from "./support/test";

/** Issue 2: a sixth wrong password gets 429 from a fresh browser, and the block survives a restart. */
test("five wrong passwords block the e-mail, across browsers and restarts", async ({ browser }) => {
  const dataDir = await tempDataDir();
  createAdmin(dataDir, "blocked@example.org", "right-password");
  let portal: RunningPortal = await startPortal(dataDir);
  try {
    for (let i = 1; i <= 5; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${portal.url}/admin/login`);
      await page.getByLabel("Email").fill("blocked@example.org");
      await page.getByLabel("Password", { exact: true }).fill(`wrong-password-${i}`);
      await page.getByRole("button", { name: "Sign In" }).click();
      const expected = i < 5 ? "Authentication Failed" : "Too Many Login Attempts";
      await expect(page.getByRole("alert").first()).toContainText(expected);
      await context.close();
    }

    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    await page.goto(`${portal.url}/admin/login`);
    await page.getByLabel("Email").fill("blocked@example.org");
    await page.getByLabel("Password", { exact: true }).fill("right-password");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/login")),
      page.getByRole("button", { name: "Sign In" }).click(),
    ]);
    expect(response.status()).toBe(429);
    await expect(page.getByRole("alert").first()).toContainText("Account temporarily locked. Please try again after");
    await fresh.close();

    expect(await portal.stop()).toBe(0);
    portal = await startPortal(dataDir);
    const form = new URLSearchParams({ email: "blocked@example.org", password: "right-password" });
    const afterRestart = await fetch(`${portal.url}/admin/login`, {
      method: "POST",
      body: form,
      headers: { Origin: portal.url },
      redirect: "manual",
    });
    expect(afterRestart.status).toBe(429);
  } finally {
    await portal.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
