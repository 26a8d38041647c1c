import fs from "node:fs/promises";
import { expect } from "@playwright/test";
import { ADMIN } from "./global-setup";
import { writePdf } from "./support/pdf";
import { test } from "./support/test";

const base = () => process.env.PORTAL_URL!;

/** Security lives on the server: admin routes and unpublished files are closed to anonymous requests. */
test("admin routes need a session and drafts never download anonymously", async ({ page, playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: base(), maxRedirects: 0 });

  const adminPage = await anonymous.get("/admin/documents");
  expect(adminPage.status()).toBe(302);
  expect(adminPage.headers().location).toBe("/admin/login?redirectTo=%2Fadmin%2Fdocuments");
  const unknownAdmin = await anonymous.get("/admin/no-such-page");
  expect(unknownAdmin.status()).toBe(302);

  const pdfPath = await writePdf("draft.pdf", "Draft");
  const anonymousUpload = await anonymous.post("/admin/documents", {
    headers: { Origin: base() },
    multipart: {
      title: "Anonymous upload",
      published: "true",
      file: { name: "x.pdf", mimeType: "application/pdf", buffer: await fs.readFile(pdfPath) },
    },
  });
  expect(anonymousUpload.status()).toBe(302);

  // An editor uploads a draft (publish switch off).
  await page.goto(`${base()}/admin/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base()}/admin`);
  await page.goto(`${base()}/admin/documents`);
  await page.getByLabel(/^File/).setInputFiles(pdfPath);
  await page.getByLabel("Title").fill("Unpublished eviction memo 7f3a");
  await page.getByLabel("Publish immediately").uncheck();
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("status").getByText("Upload successful")).toBeVisible();
  const row = page.getByRole("row", { name: /Unpublished eviction memo 7f3a/ });
  await expect(row.getByText("Draft")).toBeVisible();
  const href = await row.getByRole("link", { name: /Download/ }).getAttribute("href");
  expect(href).toMatch(/^\/api\/documents\/[0-9a-f-]{36}\/download$/);

  // Staff can fetch it; anonymous gets the same 404 as an id that never existed.
  const staff = await page.request.get(`${base()}${href}`);
  expect(staff.status()).toBe(200);
  const legacy = href!.replace("/api/documents/", "/api/document/").replace("/download", "/download/file");
  for (const path of [href!, legacy, "/api/documents/00000000-0000-4000-8000-000000000000/download"]) {
    const res = await anonymous.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text()).toBe("Document not found");
  }

  await page.goto(`${base()}/documents?q=7f3a`);
  await expect(page.getByText("No documents found")).toBeVisible();
  await anonymous.dispose();
});

/**
 * The sign-in form gets its show-password toggle once it is interactive. The password box must stay
 * the same element then: it used to be replaced by an empty one, so a password typed before (a slow
 * phone, a loaded CI machine) was lost and the sign-in refused.
 */
test("the password box typed into before the sign-in form is interactive is the one that is sent", async ({ page }) => {
  // The first password box, taken as the parser makes it, before any of the page's scripts run.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const box = document.getElementById("password");
      if (!box) return;
      (window as unknown as { firstPasswordBox: Element }).firstPasswordBox = box;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${base()}/admin/login`);
  await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  const same = await page.evaluate(
    () => (window as unknown as { firstPasswordBox?: Element }).firstPasswordBox === document.getElementById("password"),
  );
  expect(same, "the password box is still the one the page was served with").toBe(true);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base()}/admin`);
});
