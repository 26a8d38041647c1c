import { expect } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { ADMIN, axeViolations, startOwnPortal, stopOwnPortal } from "./support/admin-content";
import type { RunningPortal } from "./support/portal";
import { portalSql } from "./support/portal-data";
import { signInCookie } from "./support/scale-out";
import { test } from "./support/test";

/**
 * Issue 11 in the browser: a PDF uploaded through the admin route is read in the background; a
 * word only on its second page then finds it in the library, with a snippet saying the page, the
 * first page as a thumbnail, and the text view with the word marked; with and without JavaScript.
 */

const TITLE = "Camp profile for the district";
const WORD = "qoryooleybody";

async function threePagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = ["Site overview and population figures.", `Water points: the ${WORD} borehole serves 300 households.`, "Annex."];
  for (const line of lines) pdf.addPage([595, 842]).drawText(line, { x: 50, y: 780, size: 14, font });
  return pdf.save();
}

let portal: RunningPortal | undefined;
const url = (path: string) => `${portal!.url}${path}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startOwnPortal({ READ_FILES: "true" });
  const cookie = await signInCookie(portal.url, ADMIN.email, ADMIN.password);
  const form = new FormData();
  form.set("title", TITLE);
  form.set("description", "Population, shelter and services.");
  form.set("category", "Report");
  form.set("published", "true");
  form.set("file", new Blob([new Uint8Array(await threePagePdf())], { type: "application/pdf" }), "camp-profile.pdf");
  const response = await fetch(url("/admin/documents"), {
    method: "POST",
    body: form,
    headers: { Accept: "application/json", Origin: portal.url, Cookie: cookie },
  });
  expect(response.status).toBe(200);
  await expect
    .poll(async () => (await portalSql<{ status: string }>(portal!, "select status from file_contents"))[0]?.status, { timeout: 60_000 })
    .toBe("done");
});

test.afterAll(async () => stopOwnPortal(portal));

test("a word inside the file finds it, with the page, a thumbnail and the text view", async ({ page }) => {
  await page.goto(url(`/documents?q=${WORD}`));
  const card = page.getByRole("main").getByRole("article").filter({ hasText: TITLE });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Page 2:");
  await expect(card.locator("mark")).toHaveText([WORD]);
  const thumbnail = card.locator("img");
  await expect(thumbnail).toHaveAttribute("width", /\d+/);
  await expect(thumbnail).toHaveAttribute("height", /\d+/);
  await expect(thumbnail).toHaveAttribute("loading", "lazy");
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await card.getByRole("link", { name: TITLE, exact: true }).click();
  const offer = page.getByRole("link", { name: /^Read as text — .* instead of the .* PDF$/ });
  await expect(offer).toBeVisible();
  await offer.click();
  await expect(page).toHaveURL(url(`/document/${await documentId()}/text`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole("region", { name: "Page 2" })).toContainText(`the ${WORD} borehole`);
  expect(await axeViolations(page)).toEqual([]);
});

test("a share link's page shows the thumbnail and offers the text, as it offers the file", async ({ page }) => {
  const id = await documentId();
  await portalSql(portal!, "update documents set share_token = ? where id = ?", ["file-contents-share-token", id]);
  await page.goto(url("/shared/document/file-contents-share-token"));
  const thumbnail = page.getByRole("img", { name: `First page of ${TITLE}` });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.getByRole("link", { name: /^Read as text/ }).click();
  await expect(page.getByRole("region", { name: "Page 2" })).toContainText(WORD);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search shows the file's snippet and the text view marks the words", async ({ page }) => {
    await page.goto(url(`/documents?q=${WORD}`));
    const card = page.getByRole("main").getByRole("article").filter({ hasText: TITLE });
    await expect(card.locator("mark")).toHaveText([WORD]);
    await page.goto(url(`/document/${await documentId()}/text?q=${WORD}`));
    await expect(page.getByRole("region", { name: "Page 2" }).locator("mark")).toHaveText([WORD]);
  });
});

async function documentId(): Promise<string> {
  const [row] = await portalSql<{ id: string }>(portal!, "select id from documents where title = ?", [TITLE]);
  return row!.id;
}
