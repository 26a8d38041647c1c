import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { axeBuilder } from "./axe";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./portal";

/** Helpers of tests/e2e/admin-folders.spec.ts: an empty portal of its own, sign-in, files, watchers. */

export const FOLDERS_ADMIN = { email: "folders-admin@example.org", password: "folders-admin-password" };

export async function startEmptyPortal(): Promise<RunningPortal> {
  const dataDir = await tempDataDir();
  createAdmin(dataDir, FOLDERS_ADMIN.email, FOLDERS_ADMIN.password);
  return startPortal(dataDir);
}

export async function stopEmptyPortal(portal: RunningPortal | undefined): Promise<void> {
  if (!portal) return;
  await portal.stop();
  await fs.rm(portal.dataDir, { recursive: true, force: true });
}

export async function signIn(page: Page, base: string, to = "/admin/folders"): Promise<void> {
  await page.goto(`${base}/admin/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(FOLDERS_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(FOLDERS_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base}${to}`);
}

export const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Axe over the page; the toasts are the toast library's own styling. */
export async function axeViolations(page: Page, include?: string) {
  const builder = axeBuilder(page).exclude("[data-sonner-toaster]");
  return (await (include ? builder.include(include) : builder).analyze()).violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.map((n) => n.target.join(" ")),
  }));
}

/** Stored files of the portal, relative to its files folder (its temp folder included, so leftovers show). */
export async function storedFiles(portal: RunningPortal): Promise<string[]> {
  const root = path.join(portal.dataDir, "files");
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

export async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

export interface TestFile {
  name: string;
  /** Where it was written: Playwright passes files over 50MB by path only. */
  path: string;
}

async function writeAll(files: Array<{ name: string; buffer: Buffer }>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-e2e-bulk-"));
  for (const f of files) await fs.writeFile(path.join(dir, f.name), f.buffer);
  return dir;
}

/** Three files the bulk upload stores and three it refuses (two in the browser, one on the server). */
export async function mixedFiles(): Promise<{ valid: TestFile[]; invalid: Array<TestFile & { message: string }>; dir: string }> {
  const invalidType = "Invalid file type: Please select a supported file type";
  const valid = [
    { name: "Baidoa Safety Audit.pdf", buffer: await pdf("Baidoa safety audit") },
    { name: "site-list.csv", buffer: Buffer.from("site,district\nA,Daynile\n") },
    { name: "meeting-notes.txt", buffer: Buffer.from("Meeting notes, Kismayo") },
  ];
  const invalid = [
    { name: "photo.jpg", buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), message: invalidType },
    { name: "renamed.pdf", buffer: Buffer.from("MZ not really a pdf"), message: invalidType },
    {
      name: "huge.pdf",
      buffer: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(52_428_801 - 9)]),
      message: "File too large: Please select a file smaller than 50MB",
    },
  ];
  const dir = await writeAll([...valid, ...invalid]);
  const at = (name: string) => path.join(dir, name);
  return {
    valid: valid.map((f) => ({ name: f.name, path: at(f.name) })),
    invalid: invalid.map((f) => ({ name: f.name, path: at(f.name), message: f.message })),
    dir,
  };
}

/** Records every status each Quick Setup item shows, with the time it appeared. */
export async function watchQuickSetup(page: Page): Promise<void> {
  await page.evaluate(() => {
    // From here on, the Quick Setup requests are the ones quickSetupRequests reads.
    performance.clearResourceTimings();
    const seen: Record<string, Array<{ status: string; at: number }>> = {};
    (window as unknown as { quickSetupSeen: typeof seen }).quickSetupSeen = seen;
    const record = () => {
      for (const li of document.querySelectorAll('[role="dialog"] ol[aria-label="Guidance folders"] li')) {
        const name = li.querySelector("span")?.textContent ?? "";
        const status = li.getAttribute("data-status") ?? "";
        seen[name] ??= [];
        const list = seen[name];
        if (list.at(-1)?.status !== status) list.push({ status, at: performance.now() });
      }
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-status"],
    });
  });
}

export function quickSetupSeen(page: Page) {
  return page.evaluate(
    () => (window as unknown as { quickSetupSeen: Record<string, Array<{ status: string; at: number }>> }).quickSetupSeen,
  );
}

/**
 * The Quick Setup requests since watchQuickSetup, in the order they were sent: when each was sent and
 * when its answer was in, from the browser's own resource timing (the screen shows a status only
 * when React renders it, which a busy page can put off by tens of milliseconds).
 */
export function quickSetupRequests(page: Page): Promise<Array<{ sent: number; answered: number }>> {
  return page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === "fetch" && new URL(e.name).pathname === "/admin/folders/quick-setup")
      .map((e) => ({ sent: e.startTime, answered: e.responseEnd }))
      .sort((a, b) => a.sent - b.sent),
  );
}

/** Records the values each file's progress bar shows. */
export async function watchBulkProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Record<string, number[]> = {};
    (window as unknown as { bulkSeen: typeof seen }).bulkSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"][aria-label^="Upload progress of "]')) {
        const name = (bar.getAttribute("aria-label") ?? "").replace("Upload progress of ", "");
        const value = Number(bar.getAttribute("aria-valuenow"));
        seen[name] ??= [];
        const list = seen[name];
        if (list.at(-1) !== value) list.push(value);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

export function bulkSeen(page: Page) {
  return page.evaluate(() => (window as unknown as { bulkSeen: Record<string, number[]> }).bulkSeen);
}

/** The Outlook safelink, MailChimp and tracking examples of the URL decoder checks. */
export const TARGET = "https://reliefweb.example.org/report/somalia/cccm-update?id=9";
export const SAFELINK = `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent(`${TARGET}&utm_source=newsletter&utm_medium=email`)}&data=05%7C02&reserved=0`;
export const MAILCHIMP = "https://cccmcluster.us5.list-manage.com/track/click?u=0123abcd&id=4567ef&e=89ab";
export const TRACKED = "https://cccm.example.org/reports?id=3&utm_campaign=march&fbclid=abc&gclid=def&lang=en";
