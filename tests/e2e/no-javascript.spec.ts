import { expect } from "@playwright/test";
import { ADMIN } from "./global-setup";
import { writePdf } from "./support/pdf";
import { test } from "./support/test";

/** The slice works with JavaScript disabled: sign-in, upload, library search, download link. */
test.use({ javaScriptEnabled: false });

const base = () => process.env.PORTAL_URL!;

test("sign in, upload and find a document without JavaScript", async ({ page, request }) => {
  await page.goto(`${base()}/admin/documents`);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdocuments/);

  // Validation messages come from the server.
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base()}/admin/documents`);

  // Missing title: the spec's message, and nothing stored.
  const pdf = await writePdf("kismayo-evictions.pdf", "Kismayo eviction trends");
  await page.getByLabel(/^File/).setInputFiles(pdf);
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("alert")).toContainText("Missing information");

  await page.getByLabel(/^File/).setInputFiles(pdf);
  await page.getByLabel("Title").fill("Kismayo Eviction Trends");
  await page.getByLabel("Category", { exact: true }).selectOption("Report");
  await page.getByLabel(/^Tags/).fill("Evictions, Kismayo");
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("status")).toContainText("Upload successful");

  await page.goto(`${base()}/documents`);
  await page.getByLabel("Search documents").fill("EVICTIONS");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=EVICTIONS/);
  await expect(page.getByRole("heading", { name: "Kismayo Eviction Trends" })).toBeVisible();

  const href = await page.getByRole("link", { name: "Download Kismayo Eviction Trends" }).getAttribute("href");
  const response = await request.get(`${base()}${href}`, { headers: { Range: "bytes=0-4" } });
  expect(response.status()).toBe(206);
  expect(await response.text()).toBe("%PDF-");

  await page.getByRole("link", { name: "Policy" }).click();
  await expect(page.getByText("No documents match your search criteria. Try adjusting your filters.")).toBeVisible();
});
