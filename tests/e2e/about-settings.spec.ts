import { expect, type Page } from "@playwright/test";
import { signIn, startOwnPortal, stopOwnPortal } from "./support/admin-content";
import type { RunningPortal } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 9 item 13: the About text (Overview, Key Tasks, How to Use) is edited by an admin on the
 * Settings screen and shown on /about and in the home page's About tabs, as plain text (markup
 * shown as typed), capped with a clear message, with a way back to the default; without
 * JavaScript, and with it (the home page's tabs).
 */
const DEFAULT_OVERVIEW = "supports the people displaced in Somalia by making sure that the sites";
const DEFAULT_TASK = "Coordinate site management and the delivery of services in displacement sites.";

const aboutSection = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test.describe("the About text in Settings", () => {
  test.describe.configure({ mode: "serial" });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("edit, refuse an over-long section, show it on /about and home as text, restore the default", async ({ page, browser }) => {
      const base = portal!.url;
      const visitor = await browser.newContext({ javaScriptEnabled: false });
      const publicPage = await visitor.newPage();
      await publicPage.goto(`${base}/about`);
      await expect(aboutSection(publicPage, "Overview")).toContainText(DEFAULT_OVERVIEW);
      await expect(aboutSection(publicPage, "How to Use").getByRole("listitem")).toHaveCount(5);

      await signIn(page, base);
      await page.goto(`${base}/admin/settings`);
      const editor = aboutSection(page, "About page");
      await expect(editor.getByLabel("Overview")).toHaveValue(new RegExp(DEFAULT_OVERVIEW));
      await expect(editor.getByText("Default text")).toHaveCount(3);
      await expect(editor.getByRole("button", { name: /^Restore default/ })).toHaveCount(0);

      const overview = "We keep displacement sites running.\n\nWith partners <b>and</b> authorities & <script>alert(1)</script>.";
      await editor.getByLabel("Overview").fill(overview);
      await editor.getByLabel("Key Tasks").fill("- Site audits\n- Eviction monitoring: weekly");
      await editor.getByLabel("How to Use").fill("x".repeat(4001));
      await editor.getByRole("button", { name: "Save About text" }).click();
      await expect(page.getByText("How to Use must be at most 4000 characters (it has 4001)")).toBeVisible();
      // Nothing typed is lost, and nothing was saved.
      await expect(aboutSection(page, "About page").getByLabel("Overview")).toHaveValue(overview);
      await publicPage.goto(`${base}/about`);
      await expect(aboutSection(publicPage, "Overview")).toContainText(DEFAULT_OVERVIEW);

      await aboutSection(page, "About page")
        .getByLabel("How to Use")
        .fill("- Ask: Write to the cluster team.\n- Read the guidelines first.");
      await aboutSection(page, "About page").getByRole("button", { name: "Save About text" }).click();
      await expect(page.getByRole("status").filter({ hasText: "About text saved" })).toBeVisible();

      // The public pages show it at once (the saving instance dropped its cache), markup as plain text.
      await publicPage.goto(`${base}/about`);
      const shown = aboutSection(publicPage, "Overview");
      await expect(shown.locator("p")).toHaveText([
        "We keep displacement sites running.",
        "With partners <b>and</b> authorities & <script>alert(1)</script>.",
      ]);
      await expect(shown.locator("b, script")).toHaveCount(0);
      await expect(aboutSection(publicPage, "Key Tasks").getByRole("listitem")).toHaveText(["Site audits", "Eviction monitoring: weekly"]);
      await expect(aboutSection(publicPage, "Key Tasks").locator("strong")).toHaveText("Eviction monitoring:");
      const howTo = aboutSection(publicPage, "How to Use").getByRole("listitem");
      await expect(howTo).toHaveText(["AskWrite to the cluster team.", "Read the guidelines first."]);
      await publicPage.goto(`${base}/`);
      const about = publicPage.getByRole("region", { name: "About the Cluster" });
      await expect(about).toContainText("We keep displacement sites running.");
      await expect(about).toContainText("Site audits");
      await expect(about).not.toContainText(DEFAULT_TASK);

      // Restore one section: the others keep their edits.
      await page.goto(`${base}/admin/settings`);
      await expect(aboutSection(page, "About page").getByText("Edited")).toHaveCount(3);
      await aboutSection(page, "About page").getByRole("button", { name: "Restore default Key Tasks" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Default text restored" })).toBeVisible();
      await expect(aboutSection(page, "About page").getByLabel("Key Tasks")).toHaveValue(new RegExp(DEFAULT_TASK));
      await publicPage.goto(`${base}/about`);
      await expect(aboutSection(publicPage, "Key Tasks")).toContainText(DEFAULT_TASK);
      await expect(aboutSection(publicPage, "Overview")).toContainText("We keep displacement sites running.");
      await visitor.close();
    });
  });

  test("with JavaScript, the home page's Key Tasks tab shows the saved text", async ({ page, browser }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.goto(`${base}/admin/settings`);
    await aboutSection(page, "About page").getByLabel("Key Tasks").fill("- Camp registration drives");
    await aboutSection(page, "About page").getByRole("button", { name: "Save About text" }).click();
    await expect(page.getByText("About text saved").first()).toBeVisible();

    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${base}/`);
    await publicPage.getByRole("tab", { name: "Key Tasks" }).click();
    await expect(publicPage.getByRole("tabpanel", { name: "Key Tasks" })).toContainText("Camp registration drives");
    await visitor.close();
  });
});
