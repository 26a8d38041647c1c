import fs from "node:fs/promises";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { expect, type Page } from "@playwright/test";
import { createAdmin, startPortal, tempDataDir } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 12 item 12: an admin sets up two-factor sign-in through the real pages (QR code and key,
 * under the strict CSP), then signs in with password and code, and, without JavaScript, with a
 * recovery code. The codes are computed from the key the page shows, as a phone would.
 */
const ADMIN = { email: "twofactor@example.org", password: "two-factor-admin-pass" };

const codeAt = (key: Uint8Array, stepOffset: number) => generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + stepOffset), 6);

async function password(page: Page, base: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("enrol with the QR page, then sign in with a code, and with a recovery code without JavaScript", async ({ browser }) => {
  const dataDir = await tempDataDir();
  createAdmin(dataDir, ADMIN.email, ADMIN.password);
  const portal = await startPortal(dataDir);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await password(page, portal.url);
    await expect(page).toHaveURL(`${portal.url}/admin`);

    await page.getByRole("link", { name: "Two-factor sign-in" }).click();
    await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
    const shown = (await page.getByTestId("two-factor-key").textContent()) ?? "";
    const key = decodeBase32IgnorePadding(shown.replaceAll(" ", "").trim());
    expect(key.length).toBe(20);
    const enrolmentCode = codeAt(key, 0);
    await page.getByLabel("Code from the app").fill(enrolmentCode);
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    const codes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expect(page.getByText("Recovery codes left:")).toContainText("10");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(`${portal.url}/admin/login`);
    await password(page, portal.url);
    await expect(page).toHaveURL(/\/admin\/login\/code/);
    // The code just used for the enrolment is refused (replay); the next step's is accepted.
    await page.getByLabel("Code").fill(enrolmentCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Invalid code.");
    await page.getByLabel("Code").fill(codeAt(key, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${portal.url}/admin`);
    await context.close();

    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await password(noScript, portal.url);
    await expect(noScript).toHaveURL(/\/admin\/login\/code/);
    await noScript.getByLabel("Code").fill(codes[3] ?? "");
    await noScript.getByRole("button", { name: "Verify" }).click();
    await expect(noScript).toHaveURL(`${portal.url}/admin`);
    await noScript.goto(`${portal.url}/admin/account/two-factor`);
    await expect(noScript.getByText("Recovery codes left:")).toContainText("9");
    await plain.close();
  } finally {
    await portal.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
