import fs from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";
import { axeBuilder } from "./axe";
import { releaseEngine } from "./engine";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./portal";
import { storedObjects } from "./portal-data";

/** Helpers of the admin content spec (admin-documents.spec.ts): its own portal, sign-in, and page probes. */
export const ADMIN = { email: "content-admin@example.org", password: "content-admin-password" };

export async function startOwnPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const dataDir = await tempDataDir();
  createAdmin(dataDir, ADMIN.email, ADMIN.password);
  return startPortal(dataDir, env);
}

export async function stopOwnPortal(portal: RunningPortal | undefined) {
  if (!portal) return;
  await portal.stop();
  await fs.rm(portal.dataDir, { recursive: true, force: true });
  await releaseEngine(portal.dataDir);
}

export async function signIn(page: Page, base: string) {
  await page.goto(`${base}/admin/login?redirectTo=%2Fadmin%2Fdocuments`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base}/admin/documents`);
}

/** Stored files of the portal (its temp folder aside), on its disk or in its bucket. */
export const storedFiles = (portal: RunningPortal): Promise<string[]> => storedObjects(portal);

export const row = (page: Page, title: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });
/** Axe over the page; the toasts are the toast library's own styling, checked where they are set up. */
export async function axeViolations(page: Page, include?: string) {
  const builder = axeBuilder(page).exclude("[data-sonner-toaster]");
  return (await (include ? builder.include(include) : builder).analyze()).violations;
}

export const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

export async function frameSrc(base: string, pathname: string): Promise<string> {
  const response = await fetch(`${base}${pathname}`);
  const csp = response.headers.get("content-security-policy") ?? "";
  return (
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("frame-src")) ?? ""
  );
}

export async function dashboardId(page: Page, title: string): Promise<string> {
  const href = await row(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .getAttribute("href");
  return /\/admin\/dashboards\/([0-9a-f-]{36})\/edit$/.exec(href ?? "")![1]!;
}

/** Watches the progress bar: every value and stage label it shows (a MutationObserver sees each render). */
export async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: Array<{ value: number; label: string }> = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      if (!bar) return;
      const entry = {
        value: Number(bar.getAttribute("aria-valuenow")),
        label: document.getElementById(bar.getAttribute("aria-labelledby") ?? "")?.textContent ?? "",
      };
      const last = seen.at(-1);
      if (!last || last.value !== entry.value || last.label !== entry.label) seen.push(entry);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

export async function dropFile(page: Page, zone: Locator, name: string, bytes: Uint8Array, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, data, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], name, { type }));
      return dt;
    },
    { name, data: [...bytes], type },
  );
  await zone.dispatchEvent("drop", { dataTransfer });
}
