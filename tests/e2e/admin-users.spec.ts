import fs from "node:fs/promises";
import { type Browser, expect, type Page } from "@playwright/test";
import { axeBuilder } from "./support/axe";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 4 (accounts and security): users, invitations, roles on the server,
 * the Security page and the session rules, on a dedicated portal per mode.
 */
const ADMIN = { email: "chief@example.org", password: "chief-password" };

async function startOwnPortal(): Promise<RunningPortal> {
  const dataDir = await tempDataDir();
  createAdmin(dataDir, ADMIN.email, ADMIN.password);
  return startPortal(dataDir);
}

async function stopOwnPortal(portal: RunningPortal | undefined) {
  if (!portal) return;
  await portal.stop();
  await fs.rm(portal.dataDir, { recursive: true, force: true });
}

async function signIn(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base}/admin`);
}

/** Invites through the Users page and returns the set-password link it shows. */
async function invite(page: Page, base: string, person: { email: string; name: string; role: "Editor" | "User" | "Admin" }) {
  await page.goto(`${base}/admin/users`);
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.getByLabel("Name", { exact: true }).fill(person.name);
  await page.getByLabel("Organization").fill("IOM Somalia");
  await page.getByLabel("Role", { exact: true }).selectOption({ label: person.role });
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation created" }).first()).toBeVisible();
  const link = await page.getByLabel(`Set-password link for ${person.email}`).inputValue();
  expect(link).toMatch(new RegExp(`^${base}/admin/set-password\\?token=[A-Za-z0-9_-]{43}$`));
  return link;
}

/** Opens the link in a fresh browser, chooses a password and lands signed in. */
async function acceptInvitation(browser: Browser, base: string, link: string, password: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(`${base}/admin`);
  return { context, page };
}

function row(page: Page, email: string) {
  return page.getByRole("row").filter({ hasText: email });
}

/** Rows of the admin's own sessions in the Active sessions table. */
function sessionRows(page: Page) {
  return page
    .getByRole("region", { name: /^Active sessions/ })
    .getByRole("row")
    .filter({ hasText: ADMIN.email });
}

async function expectForbidden(page: Page, base: string, adminId: string) {
  for (const path of ["/admin/users", "/admin/security"]) {
    const get = await page.request.get(`${base}${path}`, { maxRedirects: 0 });
    expect(get.status(), `GET ${path}`).toBe(403);
  }
  const promote = await page.request.post(`${base}/admin/users`, {
    headers: { Origin: base },
    form: { intent: "role", userId: adminId, role: "user" },
    maxRedirects: 0,
  });
  expect(promote.status()).toBe(403);
  const revoke = await page.request.post(`${base}/admin/security`, {
    headers: { Origin: base },
    form: { intent: "revoke", sessionId: "x" },
    maxRedirects: 0,
  });
  expect(revoke.status()).toBe(403);
}

test.describe("accounts and security with JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("invite an editor, who has no access to people and security; deactivation signs them out", async ({ page, browser }) => {
    const base = portal!.url;
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/admin/users`);
    for (const h of ["Name", "Email", "Organization", "Role", "Status", "Created", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
    }
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByText("Users loaded")).toBeVisible();

    const link = await invite(page, base, { email: "editor.js@example.org", name: "Edna Editor", role: "Editor" });
    await expect(row(page, "editor.js@example.org")).toContainText("Invitation pending");
    const adminId = await row(page, ADMIN.email).locator('input[name="userId"]').first().getAttribute("value");

    const editor = await acceptInvitation(browser, base, link, "editor-secret", true);
    await expect(editor.page.getByRole("banner").getByText("editor.js@example.org")).toBeVisible();
    const nav = editor.page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Documents" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Security" })).toHaveCount(0);
    await expectForbidden(editor.page, base, adminId!);
    await expect((await editor.page.goto(`${base}/admin/users`))!.status()).toBe(403);

    // The link worked once.
    const again = await browser.newContext();
    const reuse = await again.newPage();
    await reuse.goto(link);
    await expect(reuse.getByText("This link cannot be used")).toBeVisible();
    await again.close();

    await page.reload();
    await expect(row(page, "editor.js@example.org")).not.toContainText("Invitation pending");
    await row(page, "editor.js@example.org")
      .getByRole("button", { name: /^Deactivate/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "User deactivated" }).first()).toBeVisible();
    await expect(row(page, "editor.js@example.org")).toContainText("Inactive");

    await editor.page.goto(`${base}/admin/documents`);
    await expect(editor.page).toHaveURL(`${base}/admin/login?redirectTo=%2Fadmin%2Fdocuments`);
    await expect(editor.page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await editor.context.close();
  });

  test("a reset link sets a new password and signs the old sessions out; staff change their own", async ({ page, browser }) => {
    const base = portal!.url;
    await signIn(page, base, ADMIN.email, ADMIN.password);
    const link = await invite(page, base, { email: "reset.js@example.org", name: "Rashid Reset", role: "Editor" });
    const before = await acceptInvitation(browser, base, link, "first editor phrase", true);

    await page.goto(`${base}/admin/users`);
    await row(page, "reset.js@example.org")
      .getByRole("link", { name: /^Reset password/ })
      .click();
    await expect(page.getByText("Create a password reset link for")).toBeVisible();
    await page.getByRole("button", { name: "Create reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Reset link created" }).first()).toBeVisible();
    const reset = await page.getByLabel("Password reset link for reset.js@example.org").inputValue();
    expect(reset).toMatch(new RegExp(`^${base}/admin/reset-password\\?token=[A-Za-z0-9_-]{43}$`));

    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(reset);
    await expect(fresh.getByText("15 or more is better")).toBeVisible();
    await fresh.getByLabel("New password").fill("password1");
    await fresh.getByLabel("Confirm password").fill("password1");
    await fresh.getByRole("button", { name: "Change password" }).click();
    await expect(fresh.getByText("This password is one of the most common ones")).toBeVisible();
    await fresh.getByLabel("New password").fill("berbera port arrivals");
    await fresh.getByLabel("Confirm password").fill("berbera port arrivals");
    await fresh.getByRole("button", { name: "Change password" }).click();
    await expect(fresh).toHaveURL(`${base}/admin`);

    // The session from before the reset is gone.
    await before.page.goto(`${base}/admin/documents`);
    await expect(before.page).toHaveURL(/\/admin\/login/);
    await before.context.close();

    // Changing one's own password from the header: the current one is needed.
    await fresh.getByRole("banner").getByRole("link", { name: "Change password" }).click();
    await fresh.getByLabel("Current password").fill("berbera port arrivals");
    await fresh.getByLabel("New password").fill("berbera port arrivals, March");
    await fresh.getByLabel("Confirm password").fill("berbera port arrivals, March");
    await fresh.getByRole("button", { name: "Change password" }).click();
    await expect(fresh.getByRole("status").filter({ hasText: "Password changed" }).first()).toBeVisible();
    await context.close();
    const later = await browser.newContext();
    await signIn(await later.newPage(), base, "reset.js@example.org", "berbera port arrivals, March");
    await later.close();
  });

  test("the last admin can be neither demoted nor deactivated", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/admin/users`);
    const mine = row(page, ADMIN.email);
    await expect(mine.getByRole("button", { name: /^Deactivate/ })).toHaveCount(0);
    await mine.getByLabel(`Role for ${ADMIN.email}`).selectOption("editor");
    await mine.getByRole("button", { name: /^Change role/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "At least one active admin is required" })).toBeVisible();
    await expect(mine.getByLabel(`Role for ${ADMIN.email}`)).toHaveValue("admin");

    const myId = await mine.locator('input[name="userId"]').first().getAttribute("value");
    const self = await page.request.post(`${base}/admin/users`, {
      headers: { Origin: base },
      form: { intent: "status", userId: myId!, active: "0" },
    });
    expect(self.status()).toBe(409);
    expect(await self.text()).toContain("You cannot deactivate your own account");
    await page.goto(`${base}/admin`);
    await expect(page.getByRole("banner").getByText(ADMIN.email)).toBeVisible();
  });

  test("the Security page lists a failed sign-in and revokes sessions", async ({ page, browser }) => {
    const base = portal!.url;
    const stranger = await browser.newContext();
    const wrong = await stranger.newPage();
    await wrong.goto(`${base}/admin/login`);
    await wrong.getByLabel("Email").fill(ADMIN.email);
    await wrong.getByLabel("Password", { exact: true }).fill("not-the-password");
    await wrong.getByRole("button", { name: "Sign In" }).click();
    await expect(wrong.getByRole("alert").first()).toContainText("Authentication Failed");
    await signIn(wrong, base, ADMIN.email, ADMIN.password);

    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/admin/security`);
    await page.getByLabel("Event", { exact: true }).selectOption("LOGIN_FAILED");
    await page.getByLabel("Email contains").fill("CHIEF@");
    await page.getByLabel("Period").selectOption("24h");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/action=LOGIN_FAILED/);
    const events = page.getByRole("table").last();
    await expect(events.getByRole("row").filter({ hasText: "LOGIN_FAILED" }).first()).toContainText(ADMIN.email);
    await expect(events).not.toContainText("ADMIN_LOGIN_SUCCESS");

    const others = sessionRows(page).filter({ hasNotText: "This session" });
    const before = await others.count();
    expect(before).toBeGreaterThan(0);
    await others
      .first()
      .getByRole("button", { name: /^Revoke/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Session revoked" }).first()).toBeVisible();
    await expect(sessionRows(page).filter({ hasNotText: "This session" })).toHaveCount(before - 1);

    // The most recent other session was the stranger's browser: it is signed out now.
    await wrong.goto(`${base}/admin`);
    await expect(wrong).toHaveURL(/\/admin\/login/);
    await stranger.close();

    await sessionRows(page)
      .filter({ hasText: "This session" })
      .getByRole("button", { name: /^Revoke/ })
      .click();
    await expect(page).toHaveURL(`${base}/admin/login`);
  });

  test("the session monitor warns under 10 minutes, refreshes on request, and returns to sign-in when the session ends", async ({
    page,
  }) => {
    // The server's clock is real, so a refresh moves its expiresAt only by the real seconds passed:
    // the test checks that the refresh is asked for and granted, not that the warning goes away.
    const base = portal!.url;
    await page.clock.install();
    await signIn(page, base, ADMIN.email, ADMIN.password);
    // The dashboard's own monitor checks too: let that answer arrive first, or it could stand in for
    // the Users page's check below (then the clock would run before that page's first answer, which
    // sets the clock offset, and the 51 minutes would be measured away).
    await page.waitForLoadState("networkidle");
    // The monitor checks once when it mounts: wait for that, so the fake clock runs only once its timers exist.
    const mounted = page.waitForResponse((r) => r.url() === `${base}/admin/session` && r.request().method() === "GET");
    await page.goto(`${base}/admin/users`);
    await mounted;
    const initial = (await (await page.request.get(`${base}/admin/session`)).json()) as { expiresAt: string };
    await expect(page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
    await expect(page.getByText(/Your session will expire/)).toHaveCount(0);

    // Sessions last 60 minutes idle: 51 minutes later (the page's checks running every minute,
    // nobody touching it), the browser's clock says 9 are left of the server's expiresAt.
    await page.clock.runFor("51:00");
    await expect(page.getByRole("status").filter({ hasText: /Your session will expire in (9|10) minutes/ })).toBeVisible();
    const refreshed = page.waitForResponse((r) => r.url() === `${base}/admin/session` && r.request().method() === "POST");
    await page.getByRole("button", { name: "Stay signed in" }).click();
    const after = (await (await refreshed).json()) as { expiresAt: string };
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.parse(initial.expiresAt));

    // Someone using the page gets the refresh by itself once under 5 minutes remain.
    await page.keyboard.press("Shift");
    const automatic = page.waitForResponse((r) => r.url() === `${base}/admin/session` && r.request().method() === "POST");
    await page.clock.runFor("05:00");
    expect((await automatic).status()).toBe(200);

    // The session ends elsewhere (sign-out through the same cookies): the next check goes to sign-in.
    await page.request.post(`${base}/admin/logout`, { headers: { Origin: base }, maxRedirects: 0 });
    await expect(async () => {
      // A check still under way skips a tick, so let minutes pass until one runs.
      await page.clock.runFor("01:00");
      await expect(page).toHaveURL(`${base}/admin/login?redirectTo=%2Fadmin%2Fusers`, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });

  test("the session status route never creates or extends a session by reading", async ({ page, playwright }) => {
    const base = portal!.url;
    const anonymous = await playwright.request.newContext();
    const none = await anonymous.get(`${base}/admin/session`);
    expect(none.status()).toBe(401);
    expect(await none.json()).toEqual({ authenticated: false });
    const post = await anonymous.post(`${base}/admin/session`, { headers: { Origin: base } });
    expect(post.status()).toBe(401);
    expect(post.headers()["set-cookie"]).toBeUndefined();
    await anonymous.dispose();

    await signIn(page, base, ADMIN.email, ADMIN.password);
    const first = await (await page.request.get(`${base}/admin/session`)).json();
    expect(first).toMatchObject({ authenticated: true, email: ADMIN.email, role: "admin" });
    const second = await (await page.request.get(`${base}/admin/session`)).json();
    expect(second.expiresAt).toBe(first.expiresAt);
    const refreshed = await page.request.post(`${base}/admin/session`, { headers: { Origin: base } });
    expect(refreshed.headers()["set-cookie"]).toContain("portal_session=");
    expect(Date.parse((await refreshed.json()).expiresAt)).toBeGreaterThanOrEqual(Date.parse(first.expiresAt));
  });

  test("the new pages have no accessibility violations", async ({ page, browser }) => {
    const base = portal!.url;
    await signIn(page, base, ADMIN.email, ADMIN.password);
    const link = await invite(page, base, { email: "axe@example.org", name: "Axe Person", role: "User" });
    const chiefId = await row(page, ADMIN.email).locator('input[name="userId"]').first().getAttribute("value");
    for (const path of ["/admin/users", "/admin/security", "/admin/account/password", `/admin/users/${chiefId}/reset-password`]) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${base}${path}`);
      expect((await axeBuilder(page).analyze()).violations, path).toEqual([]);
      // Usable at 360 px: wide tables scroll inside their own box, the page itself does not.
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    for (const url of [link, `${base}/admin/set-password?token=nope`, `${base}/admin/reset-password?token=nope`]) {
      await visitor.goto(url);
      expect((await axeBuilder(visitor).analyze()).violations, url).toEqual([]);
    }
    // A "user" sets a password but learns there is no admin access.
    await visitor.goto(link);
    await visitor.getByLabel("New password").fill("user-secret");
    await visitor.getByLabel("Confirm password").fill("user-secret");
    await visitor.getByRole("button", { name: "Set password" }).click();
    await expect(visitor.getByText("Your account is ready, but it has no access to the admin portal.")).toBeVisible();
    await visitorContext.close();
  });
});

test.describe("accounts and security without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ mode: "serial" });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("invite, set a password, sign in as the editor, deactivate", async ({ page, browser }) => {
    const base = portal!.url;
    await signIn(page, base, ADMIN.email, ADMIN.password);
    await page.goto(`${base}/admin/users`);
    await expect(page.getByRole("link", { name: "Refresh" })).toHaveAttribute("href", "/admin/users");

    await page.getByLabel("Email", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: "Invite user" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    const link = await invite(page, base, { email: "editor.nojs@example.org", name: "Nuur", role: "Editor" });
    const adminId = await row(page, ADMIN.email).locator('input[name="userId"]').first().getAttribute("value");

    const editor = await acceptInvitation(browser, base, link, "nojs-secret", false);
    await editor.page.getByRole("button", { name: "Logout" }).click();
    await expect(editor.page).toHaveURL(`${base}/admin/login`);
    await signIn(editor.page, base, "editor.nojs@example.org", "nojs-secret");
    await expect(editor.page.getByRole("banner")).toContainText("editor");
    await expect(editor.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" })).toHaveCount(0);
    await expectForbidden(editor.page, base, adminId!);

    await page.goto(`${base}/admin/users`);
    await row(page, "editor.nojs@example.org")
      .getByRole("button", { name: /^Deactivate/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Status updated" })).toContainText("User deactivated");
    await editor.page.goto(`${base}/admin`);
    await expect(editor.page).toHaveURL(`${base}/admin/login?redirectTo=%2Fadmin`);

    await row(page, "editor.nojs@example.org")
      .getByRole("button", { name: /^Activate/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Status updated" })).toContainText("User activated");
    await row(page, "editor.nojs@example.org")
      .getByLabel(/^Role for/)
      .selectOption("admin");
    await row(page, "editor.nojs@example.org")
      .getByRole("button", { name: /^Change role/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Role updated" })).toContainText("editor.nojs@example.org is now an admin");
    await editor.context.close();
  });

  test("the last admin stays, and the Security page filters and revokes without JavaScript", async ({ page, browser }) => {
    const base = portal!.url;
    await signIn(page, base, ADMIN.email, ADMIN.password);
    // The editor of the previous test is an admin now: demote them back, then try the last admin.
    await page.goto(`${base}/admin/users`);
    await row(page, "editor.nojs@example.org")
      .getByLabel(/^Role for/)
      .selectOption("editor");
    await row(page, "editor.nojs@example.org")
      .getByRole("button", { name: /^Change role/ })
      .click();
    await row(page, ADMIN.email)
      .getByLabel(/^Role for/)
      .selectOption("user");
    await row(page, ADMIN.email)
      .getByRole("button", { name: /^Change role/ })
      .click();
    await expect(page.getByRole("alert")).toContainText("At least one active admin is required");

    const other = await browser.newContext({ javaScriptEnabled: false });
    const otherPage = await other.newPage();
    await otherPage.goto(`${base}/admin/login`);
    await otherPage.getByLabel("Email").fill(ADMIN.email);
    await otherPage.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    await otherPage.getByRole("button", { name: "Sign In" }).click();
    await expect(otherPage.getByRole("alert").first()).toContainText("Authentication Failed");
    await signIn(otherPage, base, ADMIN.email, ADMIN.password);

    await page.goto(`${base}/admin/security`);
    await page.getByLabel("Event", { exact: true }).selectOption("LOGIN_FAILED");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/admin\/security\?action=LOGIN_FAILED/);
    await expect(page.getByRole("row").filter({ hasText: "LOGIN_FAILED" }).first()).toContainText(ADMIN.email);

    await sessionRows(page)
      .filter({ hasNotText: "This session" })
      .first()
      .getByRole("button", { name: /^Revoke/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Session revoked" })).toBeVisible();
    await otherPage.goto(`${base}/admin`);
    await expect(otherPage).toHaveURL(/\/admin\/login/);
    await other.close();
  });
});
