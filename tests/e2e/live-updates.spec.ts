import fs from "node:fs/promises";
import { expect } from "@playwright/test";
import { ADMIN, startOwnPortal, stopOwnPortal } from "./support/admin-content";
import { axeBuilder } from "./support/axe";
import { openRawStream, signedInAdmin, uploadPdf } from "./support/live";
import { type RunningPortal, startPortal, tempDataDir } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 3 item 10: live updates over GET /api/events. A published upload
 * reaches an anonymous page (toast, "Recent Updates", the library reloads
 * without a page load); an unpublished one reaches signed-in staff only.
 */
// Its own portal: specs run two at a time, and another spec's upload would be a live event here too.
let portal: RunningPortal | undefined;
test.beforeAll(async () => {
  portal = await startOwnPortal();
});
test.afterAll(async () => stopOwnPortal(portal));
const base = () => portal!.url;

test("published uploads reach anonymous visitors live; unpublished ones only staff", async ({ browser }) => {
  const run = Date.now().toString(36);
  const published = `Live bulletin ${run}`;
  const draft = `Draft memo ${run}`;
  const sentinel = `Live sentinel ${run}`;

  const admin = await signedInAdmin(browser, base(), ADMIN);
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await visitor.newPage();
  const connected = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await page.goto(`${base()}/documents`);
  expect((await connected).status()).toBe(200);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await expect(page.getByRole("region", { name: "Recent Updates" })).toHaveCount(0);

  const anonymous = await openRawStream(base());
  const staff = await openRawStream(base(), admin.cookie);
  try {
    await uploadPdf(admin.page, base(), published, { published: true });

    // The library does not hydrate (decision 0038): its toasts are the page's own (enhance/toast.ts).
    const toast = page.locator("[data-toast]").filter({ hasText: "New Document Available" });
    await expect(toast).toContainText(`"${published}" has been published`);
    const panel = page.getByRole("region", { name: "Recent Updates" });
    await expect(panel).toContainText(`"${published}" has been published`);
    // The library reloaded its data in place: the new card is there and the page was never reloaded.
    await expect(page.getByRole("heading", { name: published })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await uploadPdf(admin.page, base(), draft, { published: false });
    // Events arrive in order: once the sentinel published after the draft is here, the draft would have been too.
    await uploadPdf(admin.page, base(), sentinel, { published: true });
    await expect(panel).toContainText(`"${sentinel}" has been published`);
    await anonymous.waitFor(sentinel);
    await staff.waitFor(sentinel);

    const draftEvent = staff.messages().find((m) => m.type === "document.changed");
    expect(draftEvent, "staff receive the unpublished upload's event").toBeDefined();
    const draftId = String(draftEvent!.data.id);
    expect(staff.text()).toContain(published);
    expect(staff.text()).not.toContain(draft); // even staff events carry only the id
    for (const secret of [draft, draftId]) {
      expect(anonymous.text(), "the anonymous raw stream").not.toContain(secret);
      expect(await page.content(), "the anonymous page").not.toContain(secret);
    }
    await expect(page.getByRole("heading", { name: draft })).toHaveCount(0);
  } finally {
    await anonymous.stop();
    await staff.stop();
    await admin.context.close();
  }

  // The panel: "View" links to the document, keyboard dismiss and close, no axe violations, fits 360 px.
  const panel = page.getByRole("region", { name: "Recent Updates" });
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  await expect(panel.getByRole("button", { name: "Clear All Notifications" })).toHaveCount(0);
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  const axe = await axeBuilder(page).include('section[aria-label="Recent Updates"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(await panel.getByRole("link", { name: new RegExp(`^View.*${published}`) }).getAttribute("href")).toMatch(
    /^\/document\/[0-9a-f-]{36}$/,
  );

  await panel.getByRole("button", { name: `Dismiss notification: "${published}" has been published` }).focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  await panel.getByRole("button", { name: "Close Recent Updates" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Recent Updates" })).toHaveCount(0);
  await visitor.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("no panel is rendered and no stream is opened", async ({ page }) => {
    const streams: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/events") streams.push(r.url());
    });
    const response = await page.goto(`${base()}/documents`);
    // A page that does not hydrate carries the panel as an inert <template> for its script (decision
    // 0038), which never runs here: nothing outside a template names it.
    let html = await response!.text();
    const innermostTemplate = /<template[^>]*>(?:(?!<template)[\s\S])*?<\/template>/;
    while (innermostTemplate.test(html)) html = html.replace(innermostTemplate, "");
    expect(html).not.toContain("Recent Updates");
    await expect(page.getByRole("region", { name: "Recent Updates" })).toHaveCount(0);
    expect(streams).toEqual([]);
  });
});

test("an open event stream does not hold up a graceful shutdown", async () => {
  const dataDir = await tempDataDir();
  const portal = await startPortal(dataDir);
  try {
    const stream = await openRawStream(portal.url);
    const started = Date.now();
    const code = await portal.stop();
    const took = Date.now() - started;
    expect(code).toBe(0);
    // A stream left open would hold the server until the 10 s grace period and then be cut
    // (not ended); process exit alone takes about 2 s here.
    expect(took).toBeLessThan(6_000);
    expect(await stream.ended, "the server ended the stream cleanly").toBe(true);
  } finally {
    await portal.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
