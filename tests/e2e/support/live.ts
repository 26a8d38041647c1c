import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { writePdf } from "./pdf";

/** A staff browser (JavaScript off: the plain form path) signed in at `base`. */
export async function signedInAdmin(
  browser: Browser,
  base: string,
  admin: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page; cookie: string }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base}/admin`);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  return { context, page, cookie };
}

/** Uploads a one-page PDF through the admin form, published or not. */
export async function uploadPdf(page: Page, base: string, title: string, options: { published: boolean }): Promise<void> {
  await page.goto(`${base}/admin/documents`);
  await page.getByLabel(/^File/).setInputFiles(await writePdf(`${title.replace(/\W+/g, "-")}.pdf`, title));
  await page.getByLabel("Title").fill(title);
  if (!options.published) await page.getByLabel("Publish immediately").uncheck();
  await page.getByRole("button", { name: "Upload Document" }).click();
  await expect(page.getByRole("status").getByText("Upload successful")).toBeVisible();
}

export interface RawStream {
  /** Everything received so far. */
  text(): string;
  /** The parsed `data:` lines received so far. */
  messages(): Array<{ type: string; data: Record<string, unknown> }>;
  /** Resolves once the text matches, or fails after `timeoutMs`. */
  waitFor(needle: string, timeoutMs?: number): Promise<void>;
  /** Resolves true when the server ended the stream, false when it errored. */
  ended: Promise<boolean>;
  stop(): Promise<void>;
}

/** Reads GET /api/events with a plain HTTP client (no browser), as anonymous or with a session cookie. */
export async function openRawStream(base: string, cookie?: string): Promise<RawStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, { signal: abort.signal, headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  let text = "";
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return true;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      return false;
    }
  })();
  const stream: RawStream = {
    text: () => text,
    messages: () => [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as { type: string; data: Record<string, unknown> }),
    async waitFor(needle, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`"${needle}" did not arrive within ${timeoutMs} ms; received:\n${text}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    ended,
    async stop() {
      abort.abort();
      await ended;
    },
  };
  // The stream opens with a retry hint: then it is subscribed.
  await stream.waitFor("retry:");
  return stream;
}
