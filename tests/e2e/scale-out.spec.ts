import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { type RunningS3rver, s3rverEnv, startS3rver } from "../support/s3rver";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./support/portal";
import { createDatabase, type TempDatabase } from "./support/postgres";
import { createBucket, listObjects, readObject } from "./support/s3-server";
import { failedSignIn, generatedPdf, openTimedStream, sha256, signInCookie, uploadDocument } from "./support/scale-out";
import { test } from "./support/test";

/**
 * Issue 5 (scale-out): two portal processes on one PostgreSQL database and one S3 bucket behave
 * as one portal: sessions, login throttling, files and live events are shared. It belongs to the
 * PostgreSQL + S3 pass (run.mjs; playwright.config.ts leaves it out of the SQLite pass), which
 * fails rather than skips when TEST_DATABASE_URL is missing.
 */
const ADMIN = { email: "scale-admin@example.org", password: "scale-admin-password" };
const LOCKED = { email: "scale-locked@example.org", password: "scale-locked-password" };
const BUCKET = "portal-scale-out";
const MB = 1024 * 1024;

/** Every file under a portal's DATA_DIR/files (the local storage driver's folder, temp files included). */
async function localFiles(dataDir: string): Promise<string[]> {
  const entries = await fs.readdir(path.join(dataDir, "files"), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

test.describe("two instances on one PostgreSQL database and one S3 bucket", () => {
  test.describe.configure({ mode: "serial" });

  let database: TempDatabase | undefined;
  let s3: RunningS3rver | undefined;
  let a: RunningPortal | undefined;
  let b: RunningPortal | undefined;
  const dataDirs: string[] = [];
  /** The document the file tests upload on A and delete on B. */
  let stored: { id: string; key: string } | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    database = await createDatabase();
    s3 = await startS3rver();
    await createBucket(s3.endpoint, BUCKET);
    const env = { DATABASE_URL: database.url, ...s3rverEnv(s3.endpoint, BUCKET) };
    dataDirs.push(await tempDataDir(), await tempDataDir());
    const [dirA, dirB] = dataDirs as [string, string];
    createAdmin(dirA, ADMIN.email, ADMIN.password, env);
    createAdmin(dirA, LOCKED.email, LOCKED.password, env);
    [a, b] = await Promise.all([startPortal(dirA, env), startPortal(dirB, env)]);
  });

  test.afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await s3?.stop();
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  });

  test("a session started on A is valid on B, and signing out on B ends it on A", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${a!.url}/admin/login`);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${a!.url}/admin`);
    const session = (await context.cookies(a!.url)).find((c) => c.name === "portal_session");
    expect(session, "A set the session cookie").toBeDefined();
    const cookie = `${session!.name}=${session!.value}`;

    // B never saw this sign-in: only the shared database can know the session.
    const onB = await fetch(`${b!.url}/admin/documents`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    const html = await onB.text();
    expect(html).toContain("Admin Access – Restricted Area");
    expect(html).toContain(ADMIN.email);

    // Cookies belong to a host, not a port: the browser sends the same session to B.
    const pageB = await context.newPage();
    await pageB.goto(`${b!.url}/admin`);
    await expect(pageB).toHaveURL(`${b!.url}/admin`);
    await expect(pageB.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await pageB.getByRole("button", { name: "Logout" }).click();
    await expect(pageB).toHaveURL(`${b!.url}/admin/login`);

    // The old cookie, replayed on A, is refused: the session is gone for every instance.
    const onA = await fetch(`${a!.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(onA.status).toBe(302);
    expect(onA.headers.get("location")).toContain("/admin/login");
    await context.close();
  });

  test("the login limit reached on A blocks the e-mail on B", async ({ browser }) => {
    for (let i = 1; i <= 5; i++) {
      const { status, html } = await failedSignIn(a!.url, LOCKED.email, `wrong-password-${i}`);
      expect(status, `attempt ${i} on A`).toBe(i < 5 ? 401 : 429);
      expect(html).toContain(i < 5 ? "Authentication Failed" : "Too Many Login Attempts");
    }

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${b!.url}/admin/login`);
    await page.getByLabel("Email").fill(LOCKED.email);
    await page.getByLabel("Password", { exact: true }).fill(LOCKED.password);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/login")),
      page.getByRole("button", { name: "Sign In" }).click(),
    ]);
    expect(response.status(), "the right password is refused on B").toBe(429);
    await expect(page.getByRole("alert").first()).toContainText("Too Many Login Attempts");
    await expect(page).toHaveURL(/\/admin\/login/);
    await context.close();
  });

  test("a file uploaded on A is stored in the bucket and downloads from B, whole and by range", async () => {
    const cookie = await signInCookie(a!.url, ADMIN.email, ADMIN.password);
    const pdf = await generatedPdf("Scale-out site survey", 2.5 * MB);
    const before = new Set((await listObjects(s3!.endpoint, BUCKET)).map((o) => o.key));
    const upload = await uploadDocument(a!.url, cookie, {
      name: "scale-out-survey.pdf",
      bytes: pdf,
      title: "Scale-out Site Survey",
      published: true,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const id = upload.body.document!.id;

    const whole = await fetch(`${b!.url}/api/documents/${id}/download`);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(pdf.length);
    expect(sha256(bytes)).toBe(sha256(pdf));

    const [start, end] = [MB - 7, 2 * MB + 12];
    const part = await fetch(`${b!.url}/api/documents/${id}/download`, { headers: { Range: `bytes=${start}-${end}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes ${start}-${end}/${pdf.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(pdf.subarray(start, end + 1))).toBe(true);

    const added = (await listObjects(s3!.endpoint, BUCKET)).filter((o) => !before.has(o.key));
    expect(
      added.map((o) => o.size),
      "one new object in the bucket, the file",
    ).toEqual([pdf.length]);
    const key = added[0]!.key;
    expect(sha256(await readObject(s3!.endpoint, BUCKET, key))).toBe(sha256(pdf));
    for (const portal of [a!, b!]) expect(await localFiles(portal.dataDir), `nothing on ${portal.url}'s disk`).toEqual([]);
    stored = { id, key };
  });

  test("deleting the document on B removes its object, and A then answers 404", async () => {
    expect(stored, "the upload test ran").toBeDefined();
    const { id, key } = stored!;
    const cookie = await signInCookie(b!.url, ADMIN.email, ADMIN.password);
    const deleted = await fetch(`${b!.url}/admin/documents/${id}/delete`, {
      method: "POST",
      body: new URLSearchParams(),
      headers: { Origin: b!.url, Cookie: cookie },
      redirect: "manual",
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/documents");
    expect((await listObjects(s3!.endpoint, BUCKET)).map((o) => o.key)).not.toContain(key);
    const onA = await fetch(`${a!.url}/api/documents/${id}/download`);
    expect(onA.status).toBe(404);
    await onA.body?.cancel();
  });

  // Last, and on its own document: in serial mode a failure skips the tests after it.
  test("a document published on A reaches an event stream on B within a second", async () => {
    const stream = await openTimedStream(b!.url);
    try {
      const cookie = await signInCookie(a!.url, ADMIN.email, ADMIN.password);
      const title = "Scale-out Live Bulletin";
      const upload = await uploadDocument(a!.url, cookie, {
        name: "live-bulletin.pdf",
        bytes: await generatedPdf(title, 1024),
        title,
        published: true,
      });
      expect(upload.status, JSON.stringify(upload.body)).toBe(200);
      const id = upload.body.document!.id;
      const event = await stream.waitFor((m) => m.type === "document.published" && m.data.id === id, 5_000);
      expect(event.data.title).toBe(title);
      const delayMs = Math.round(event.at - upload.answeredAt);
      test
        .info()
        .annotations.push({ type: "measurement", description: `document.published reached B ${delayMs} ms after A answered the upload` });
      console.log(`scale-out: document.published reached B ${delayMs} ms after A answered the upload`);
      expect(delayMs).toBeLessThan(1000);
    } finally {
      await stream.stop();
    }
  });
});
