import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { row, signIn, startOwnPortal, stopOwnPortal, toast } from "./support/admin-content";
import { DEMO_ADMIN, startDemoPortal } from "./support/demo-portal";
import { writePdf } from "./support/pdf";
import type { RunningPortal } from "./support/portal";
import { portalSql } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 9 item 10: partner, sectors and locations in every form that creates or edits a document
 * (upload, edit dialog and page, upload to folder, bulk upload), with suggestions from the values
 * already stored, with and without JavaScript; the detail page shows them; the demo has them.
 */

interface Facets {
  partner?: string;
  sectors?: string[];
  locations?: string[];
}

/** Fills the facet fields inside `scope` (a form or dialog): one box per value. */
async function fillFacets(scope: Page | Locator, facets: Facets) {
  if (facets.partner !== undefined) await scope.getByLabel(/^Partner/).fill(facets.partner);
  for (const [i, value] of (facets.sectors ?? []).entries()) await scope.getByLabel(`Sector ${i + 1}`, { exact: true }).fill(value);
  for (const [i, value] of (facets.locations ?? []).entries()) await scope.getByLabel(`Location ${i + 1}`, { exact: true }).fill(value);
}

/** The values a box's <datalist> offers. */
async function suggestionsOf(box: Locator): Promise<string[]> {
  const list = await box.getAttribute("list");
  expect(list).toBeTruthy();
  return box
    .page()
    .locator(`datalist[id="${list}"] option`)
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

async function documentId(portal: RunningPortal, title: string): Promise<string> {
  const [found] = await portalSql<{ id: string }>(portal, "select id from documents where title = ?", [title]);
  if (!found) throw new Error(`no document "${title}"`);
  return found.id;
}

async function expectDetail(page: Page, base: string, id: string, expected: Required<Facets>) {
  await page.goto(`${base}/document/${id}`);
  await expect(page.locator('[data-fact="Partner"]')).toHaveText(expected.partner);
  await expect(page.getByRole("list", { name: "Sectors" }).getByRole("listitem")).toHaveText(expected.sectors);
  await expect(page.getByRole("list", { name: "Locations" }).getByRole("listitem")).toHaveText(expected.locations);
}

async function stored(portal: RunningPortal, title: string) {
  const [doc] = await portalSql<{ partner: string | null; sectors: string; locations: string }>(
    portal,
    "select partner, sectors, locations from documents where title = ?",
    [title],
  );
  return doc && { partner: doc.partner, sectors: JSON.parse(doc.sectors) as string[], locations: JSON.parse(doc.locations) as string[] };
}

async function addFolder(portal: RunningPortal, name: string) {
  const now = new Date().toISOString();
  await portalSql(portal, "insert into folders (id, name, is_public, view_count, created_at, updated_at) values (?, ?, 1, 0, ?, ?)", [
    randomUUID(),
    name,
    now,
    now,
  ]);
}

test.describe("partner, sectors and locations with JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
    await addFolder(portal, "Site Verifications");
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("upload sets them, the detail page shows them, the next form suggests them", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByLabel(/^File/).setInputFiles(await writePdf("baidoa.pdf", "Baidoa monitoring"));
    await page.getByLabel("Title").fill("Baidoa Site Monitoring");
    await fillFacets(page, { partner: "  IOM ", sectors: ["CCCM", "Shelter/NFI, wash"], locations: ["Bay"] });
    // One more box than the form started with, added with JavaScript.
    await page.getByRole("button", { name: "Add another location" }).click();
    await page.getByLabel("Location 3", { exact: true }).fill("Baidoa");
    await page.getByLabel("Document language").selectOption({ label: "Somali" });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(toast(page, "Upload successful")).toBeVisible();
    // The form is cleared for the next document, and now offers the stored values.
    await expect(page.getByLabel(/^Partner/)).toHaveValue("");
    await expect(page.getByLabel("Document language")).toHaveValue("en");
    await expect.poll(() => suggestionsOf(page.getByLabel(/^Partner/))).toEqual(["IOM"]);
    expect(await suggestionsOf(page.getByLabel("Sector 1", { exact: true }))).toEqual(["CCCM", "Shelter/NFI", "wash"]);
    expect(await suggestionsOf(page.getByLabel("Location 1", { exact: true }))).toEqual(["Baidoa", "Bay"]);

    // Typed in another case, a stored value keeps its one spelling.
    await page.getByLabel(/^File/).setInputFiles(await writePdf("bay.pdf", "Bay snapshot"));
    await page.getByLabel("Title").fill("Bay Region Snapshot");
    await fillFacets(page, { partner: "iom", sectors: ["WASH"], locations: ["bay"] });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(toast(page, '"Bay Region Snapshot" has been uploaded.')).toBeVisible();
    expect(await stored(portal!, "Bay Region Snapshot")).toEqual({ partner: "IOM", sectors: ["wash"], locations: ["Bay"] });

    await expectDetail(page, base, await documentId(portal!, "Baidoa Site Monitoring"), {
      partner: "IOM",
      sectors: ["CCCM", "Shelter/NFI", "wash"],
      locations: ["Bay", "Baidoa"],
    });
    await expect(page.locator('[data-fact="Language"]')).toHaveText("Somali");
  });

  test("the edit dialog shows and changes them, and refuses a partner over 120 characters", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await row(page, "Baidoa Site Monitoring").getByRole("button", { name: "Edit Baidoa Site Monitoring" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Document" });
    await expect(dialog.getByLabel(/^Partner/)).toHaveValue("IOM");
    await expect(dialog.getByLabel("Sector 2", { exact: true })).toHaveValue("Shelter/NFI");
    await expect(dialog.getByLabel("Location 2", { exact: true })).toHaveValue("Baidoa");
    await expect(dialog.getByLabel("Document language")).toHaveValue("so");
    await dialog.getByLabel(/^Partner/).fill("P".repeat(121));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Partner must be at most 120 characters");
    await dialog.getByLabel("Document language").selectOption({ label: "Other language" });
    await fillFacets(dialog, { partner: "UNHCR", sectors: ["CCCM", "", "Protection"], locations: ["Lower Shabelle", "Afgooye"] });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Document Updated")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectDetail(page, base, await documentId(portal!, "Baidoa Site Monitoring"), {
      partner: "UNHCR",
      sectors: ["CCCM", "Protection"],
      locations: ["Lower Shabelle", "Afgooye"],
    });
    await expect(page.locator('[data-fact="Language"]')).toHaveText("Other language");
  });

  test("upload to folder and bulk upload set them (bulk: every file the same)", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.goto(`${base}/admin/folders`);
    await page.getByRole("button", { name: "Upload to Folder" }).click();
    const upload = page.getByRole("dialog", { name: "Upload to Folder" });
    await upload.getByLabel("Folder").selectOption({ label: "Site Verifications" });
    await upload.getByLabel(/^File/).setInputFiles(await writePdf("doolow.pdf", "Doolow verification"));
    await upload.getByLabel("Title").fill("Doolow Site Verification");
    await expect.poll(() => suggestionsOf(upload.getByLabel(/^Partner/))).toEqual(["IOM", "UNHCR"]);
    await fillFacets(upload, { partner: "DRC", sectors: ["CCCM"], locations: ["Gedo", "Doolow"] });
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(toast(page, "Upload successful")).toBeVisible();
    expect(await stored(portal!, "Doolow Site Verification")).toEqual({ partner: "DRC", sectors: ["CCCM"], locations: ["Gedo", "Doolow"] });

    await page.goto(`${base}/admin/folders`);
    await page.getByRole("button", { name: "Bulk Upload" }).click();
    const bulk = page.getByRole("dialog", { name: "Bulk Upload" });
    await bulk.getByLabel("Folder").selectOption({ label: "Site Verifications" });
    await fillFacets(bulk, { partner: "NRC", sectors: ["HLP", "Protection"], locations: ["Bari", "Bosaso"] });
    await bulk.getByLabel(/^Files/).setInputFiles([await writePdf("Bosaso Sites A.pdf", "A"), await writePdf("Bosaso Sites B.pdf", "B")]);
    await bulk.getByRole("button", { name: "Upload files" }).click();
    await expect(bulk.getByTestId("bulk-summary")).toHaveText("2 files uploaded, 0 not uploaded", { timeout: 30_000 });
    for (const title of ["Bosaso Sites A", "Bosaso Sites B"]) {
      expect(await stored(portal!, title)).toEqual({ partner: "NRC", sectors: ["HLP", "Protection"], locations: ["Bari", "Bosaso"] });
    }
    await expectDetail(page, base, await documentId(portal!, "Bosaso Sites A"), {
      partner: "NRC",
      sectors: ["HLP", "Protection"],
      locations: ["Bari", "Bosaso"],
    });
  });
});

test.describe("partner, sectors and locations without JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ javaScriptEnabled: false });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
    await addFolder(portal, "Safety Audits");
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("upload, edit page, upload to folder and bulk upload pages all set them", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByLabel(/^File/).setInputFiles(await writePdf("galkayo.pdf", "Galkayo"));
    await page.getByLabel("Title").fill("Galkayo Safety Audit");
    await fillFacets(page, { partner: "ACTED", sectors: ["Protection; WASH"], locations: ["Mudug", "Galkayo"] });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Upload successful" })).toBeVisible();
    expect(await stored(portal!, "Galkayo Safety Audit")).toEqual({
      partner: "ACTED",
      sectors: ["Protection", "WASH"],
      locations: ["Mudug", "Galkayo"],
    });

    // A refusal keeps what was typed, with the message on the page.
    await page.getByLabel(/^File/).setInputFiles(await writePdf("x.pdf", "X"));
    await page.getByLabel("Title").fill("Too Many Sectors");
    await fillFacets(page, { partner: "DRC", sectors: [Array.from({ length: 21 }, (_, i) => `Sector ${i}`).join(", ")] });
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByRole("alert")).toContainText("Please give at most 20 sectors");
    await expect(page.getByLabel(/^Partner/)).toHaveValue("DRC");
    expect(await stored(portal!, "Too Many Sectors")).toBeUndefined();

    await row(page, "Galkayo Safety Audit").getByRole("link", { name: "Edit Galkayo Safety Audit" }).click();
    await expect(page.getByLabel("Location 2", { exact: true })).toHaveValue("Galkayo");
    expect(await suggestionsOf(page.getByLabel("Sector 1", { exact: true }))).toEqual(["Protection", "WASH"]);
    await fillFacets(page, { partner: "CCCM Cluster Somalia", sectors: ["CCCM", "", ""], locations: ["Hiraan", "Beledweyne"] });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(`${base}/admin/documents`);
    await expectDetail(page, base, await documentId(portal!, "Galkayo Safety Audit"), {
      partner: "CCCM Cluster Somalia",
      sectors: ["CCCM"],
      locations: ["Hiraan", "Beledweyne"],
    });

    await page.goto(`${base}/admin/folders/upload`);
    await page.getByLabel("Folder").selectOption({ label: "Safety Audits" });
    await page.getByLabel(/^File/).setInputFiles(await writePdf("hargeisa.pdf", "Hargeisa"));
    await page.getByLabel("Title").fill("Hargeisa Safety Audit");
    await fillFacets(page, { partner: "UNHCR", sectors: ["Protection"], locations: ["Woqooyi Galbeed", "Hargeisa"] });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Upload successful" })).toBeVisible();
    expect(await stored(portal!, "Hargeisa Safety Audit")).toEqual({
      partner: "UNHCR",
      sectors: ["Protection"],
      locations: ["Woqooyi Galbeed", "Hargeisa"],
    });

    await page.goto(`${base}/admin/folders/bulk-upload`);
    await fillFacets(page, { partner: "Save the Children", sectors: ["Nutrition", "Health"], locations: ["Banadir, Mogadishu"] });
    await page.getByLabel(/^Files/).setInputFiles([await writePdf("Mogadishu Nutrition Sites.pdf", "M")]);
    await page.getByRole("button", { name: "Upload files" }).click();
    await expect(page.getByTestId("bulk-summary")).toHaveText("1 file uploaded, 0 not uploaded");
    expect(await stored(portal!, "Mogadishu Nutrition Sites")).toEqual({
      partner: "Save the Children",
      sectors: ["Nutrition", "Health"],
      locations: ["Banadir", "Mogadishu"],
    });
  });
});

test.describe("demo content", () => {
  test("demo documents carry partners, sectors and Somali locations, offered as suggestions", async ({ page }) => {
    const demo = await startDemoPortal();
    try {
      const base = demo.url;
      await expectDetail(page, base, await documentId(demo, "Baidoa IDP Site Monitoring Report - Round 12"), {
        partner: "IOM",
        sectors: ["CCCM", "Shelter/NFI", "WASH"],
        locations: ["Bay", "Baidoa"],
      });
      await page.goto(`${base}/admin/login?redirectTo=%2Fadmin%2Fdocuments`);
      await page.getByLabel("Email").fill(DEMO_ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(`${base}/admin/documents`);
      const form = page.locator("form", { has: page.getByRole("button", { name: "Upload Document" }) });
      expect(await suggestionsOf(form.getByLabel(/^Partner/))).toEqual(expect.arrayContaining(["CCCM Cluster Somalia", "IOM", "NRC"]));
      expect(await suggestionsOf(form.getByLabel("Location 1", { exact: true }))).toEqual(
        expect.arrayContaining(["Banadir", "Mogadishu", "Gedo", "Doolow", "Woqooyi Galbeed", "Hargeisa"]),
      );
    } finally {
      await demo.dispose();
    }
  });
});
