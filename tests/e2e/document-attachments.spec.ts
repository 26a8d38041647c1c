import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { axeViolations, signIn, startOwnPortal, stopOwnPortal, storedFiles, toast } from "./support/admin-content";
import { writePdf } from "./support/pdf";
import type { RunningPortal } from "./support/portal";
import { portalSql } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 9 item 12: a document's attachments on its edit page: add (the uploads' checks: type,
 * content, 50MB), relabel, remove after a confirmation (the stored file goes too), with and
 * without JavaScript; the public detail page lists them.
 */

const LIMIT = 52_428_800;

/** Writes a file of `size` bytes starting with `head` to a temp folder; returns its path. */
async function writeFile(name: string, head: string, size = head.length): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-e2e-attachment-"));
  const file = path.join(dir, name);
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write(head, 0, "latin1");
  await fs.writeFile(file, bytes);
  return file;
}

/** Uploads a document on the documents page and opens its edit page. */
async function documentEditPage(page: Page, portal: RunningPortal, title: string, javaScript: boolean): Promise<string> {
  await page.getByLabel(/^File/).setInputFiles(await writePdf("profile.pdf", title));
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Upload Document" }).click();
  if (javaScript) await expect(toast(page, `"${title}" has been uploaded.`)).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: "Upload successful" })).toBeVisible();
  const [doc] = await portalSql<{ id: string }>(portal, "select id from documents where title = ?", [title]);
  await page.goto(`${portal.url}/admin/documents/${doc!.id}/edit`);
  await expect(page.getByRole("heading", { name: /^Attachments/ })).toBeVisible();
  return doc!.id;
}

const attachmentRows = (portal: RunningPortal, documentId: string) =>
  portalSql<{ label: string; file_path: string }>(
    portal,
    "select label, file_path from document_attachments where document_id = ? order by display_order",
    [documentId],
  );

const attachments = (page: Page) => page.getByRole("list", { name: "Attachments" }).getByRole("listitem");

test.describe("attachments with JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("add, refuse a disguised and an oversized file, relabel, remove with a confirmation", async ({ page }) => {
    await signIn(page, portal!.url);
    const id = await documentEditPage(page, portal!, "Kismayo Site Profile", true);
    await expect(page.getByText("This document has no attachments.")).toBeVisible();

    await page.getByLabel(/^Attachment file/).setInputFiles(await writePdf("annex-a.pdf", "Annex A"));
    await page.getByLabel(/^Attachment label/).fill("Annex A: site list");
    await page.getByRole("button", { name: "Add Attachment" }).click();
    await expect(toast(page, "Attachment added")).toBeVisible();
    await page.getByLabel(/^Attachment file/).setInputFiles(await writeFile("households.csv", "site,households\nTawakal 1,120\n"));
    await page.getByRole("button", { name: "Add Attachment" }).click();
    await expect(attachments(page)).toHaveCount(2);
    await expect(attachments(page).nth(1)).toContainText("CSV");
    expect((await attachmentRows(portal!, id)).map((a) => a.label)).toEqual(["Annex A: site list", "households"]);
    const stored = await storedFiles(portal!);
    expect(stored.filter((k) => k.startsWith("attachments/"))).toHaveLength(2);
    // The edit page with its partner, sectors, locations and attachments has no axe violations.
    expect(await axeViolations(page)).toEqual([]);

    // A renamed executable passes the browser's name check; the server reads its first bytes.
    await page.getByLabel(/^Attachment file/).setInputFiles(await writeFile("annex-b.pdf", "MZ\x90\x00 not a PDF"));
    await page.getByRole("button", { name: "Add Attachment" }).click();
    await expect(
      page
        .getByRole("region", { name: /^Attachments/ })
        .getByRole("alert")
        .filter({ hasText: "Please select a supported file type" }),
    ).toBeVisible();
    // Over 50MB: refused in the browser before anything is sent.
    await page.getByLabel(/^Attachment file/).setInputFiles(await writeFile("huge.pdf", "%PDF-1.7\n", LIMIT + 1));
    await expect(
      page
        .getByRole("region", { name: /^Attachments/ })
        .getByRole("alert")
        .filter({ hasText: "Please select a file smaller than 50MB" }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Attachment file/)).toHaveValue("");
    expect(await storedFiles(portal!)).toEqual(stored);
    expect(await attachmentRows(portal!, id)).toHaveLength(2);

    await page.getByLabel("Label of Annex A: site list", { exact: true }).fill("Annex A: verified site list");
    await page.getByRole("button", { name: "Save label of Annex A: site list" }).click();
    await expect(toast(page, "Attachment updated")).toBeVisible();
    await expect(page.getByLabel("Label of Annex A: verified site list", { exact: true })).toHaveValue("Annex A: verified site list");

    await page.goto(`${portal!.url}/document/${id}`);
    const publicList = page.getByRole("region", { name: "Attachments" });
    await expect(publicList.getByRole("link", { name: "Download Annex A: verified site list" })).toBeVisible();
    await expect(publicList.getByRole("link", { name: "Download households" })).toBeVisible();

    await page.goto(`${portal!.url}/admin/documents/${id}/edit`);
    const [annex] = await attachmentRows(portal!, id);
    await page.getByRole("button", { name: "Delete households" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete attachment?" });
    await expect(confirm).toContainText('"households" will be deleted permanently, with its file.');
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(attachments(page)).toHaveCount(2);
    await page.getByRole("button", { name: "Delete households" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Attachment deleted")).toBeVisible();
    await expect(attachments(page)).toHaveCount(1);
    expect((await storedFiles(portal!)).filter((k) => k.startsWith("attachments/"))).toEqual([annex!.file_path]);
  });
});

test.describe("attachments without JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ javaScriptEnabled: false });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("add, the server refuses an oversized and a disguised file storing nothing, relabel, remove on a confirmation page", async ({
    page,
  }) => {
    const base = portal!.url;
    await signIn(page, base);
    const id = await documentEditPage(page, portal!, "Beledweyne Flood Assessment", false);
    const section = page.getByRole("region", { name: /^Attachments/ });

    await page.getByLabel(/^Attachment file/).setInputFiles(await writePdf("map.pdf", "Flood map"));
    await page.getByLabel(/^Attachment label/).fill("Flood extent map");
    await page.getByRole("button", { name: "Add Attachment" }).click();
    await expect(page).toHaveURL(`${base}/admin/documents/${id}/edit`);
    await expect(section.getByRole("status")).toContainText('"Flood extent map" has been added.');
    const stored = await storedFiles(portal!);

    await page.getByLabel(/^Attachment file/).setInputFiles(await writeFile("huge.pdf", "%PDF-1.7\n", LIMIT + 1));
    await page.getByRole("button", { name: "Add Attachment" }).click();
    await expect(section.getByRole("alert")).toContainText("File too large");
    await page.getByLabel(/^Attachment file/).setInputFiles(await writeFile("annex.docx", "MZ\x90\x00 not a document"));
    await page.getByRole("button", { name: "Add Attachment" }).click();
    await expect(section.getByRole("alert")).toContainText("Invalid file type");
    expect(await storedFiles(portal!)).toEqual(stored);
    expect(await attachmentRows(portal!, id)).toHaveLength(1);

    await page.getByLabel("Label of Flood extent map", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Save label of Flood extent map" }).click();
    await expect(section.getByRole("alert")).toContainText("Label is required");
    await page.getByLabel("Label of Flood extent map", { exact: true }).fill("Flood extent map, April");
    await page.getByRole("button", { name: "Save label of Flood extent map" }).click();
    await expect(section.getByRole("status")).toContainText('"Flood extent map, April" has been saved.');

    await page.getByRole("link", { name: "Delete Flood extent map, April" }).click();
    await expect(page.getByRole("heading", { name: "Delete attachment?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(`${base}/admin/documents/${id}/edit`);
    await expect(page.getByText("This document has no attachments.")).toBeVisible();
    expect((await storedFiles(portal!)).filter((k) => k.startsWith("attachments/"))).toEqual([]);
    expect(await attachmentRows(portal!, id)).toEqual([]);
  });
});
