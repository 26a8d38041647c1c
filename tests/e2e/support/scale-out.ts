import { createHash, randomBytes } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** Helpers of tests/e2e/scale-out.spec.ts: plain HTTP clients of a portal, timed. */

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * A real PDF of `size` bytes and a little more: a page of text plus an embedded file of random bytes, so the
 * upload streams in many chunks and nothing along the way can compress it away.
 */
export async function generatedPdf(text: string, size: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  await doc.attach(randomBytes(size), "survey-data.bin", { mimeType: "application/octet-stream", description: "Site survey raw data" });
  return Buffer.from(await doc.save());
}

/** The sign-in form's POST without a browser; returns the session cookie (`portal_session=...`). */
export async function signInCookie(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { Origin: base },
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("portal_session="));
  if (response.status !== 302 || !cookie) throw new Error(`sign-in at ${base} answered ${response.status} without a session`);
  return cookie.split(";")[0]!;
}

/** A sign-in form POST that is expected to fail: its status and page. */
export async function failedSignIn(base: string, email: string, password: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { Origin: base },
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

export interface UploadAnswer {
  status: number;
  body: { ok: boolean; document: { id: string; title: string } | null; message: { title: string; description?: string } };
  /** performance.now() when the whole answer had arrived. */
  answeredAt: number;
}

/** The admin upload form's request as its script sends it (multipart, answer as JSON). */
export async function uploadDocument(
  base: string,
  cookie: string,
  file: { name: string; bytes: Uint8Array; title: string; published: boolean },
): Promise<UploadAnswer> {
  const form = new FormData();
  form.set("title", file.title);
  form.set("category", "Report");
  if (file.published) form.set("published", "true");
  form.set("file", new Blob([new Uint8Array(file.bytes)], { type: "application/pdf" }), file.name);
  const response = await fetch(`${base}/admin/documents`, {
    method: "POST",
    body: form,
    headers: { Accept: "application/json", Origin: base, Cookie: cookie },
  });
  const body = (await response.json()) as UploadAnswer["body"];
  return { status: response.status, body, answeredAt: performance.now() };
}

export interface TimedMessage {
  type: string;
  data: Record<string, unknown>;
  /** performance.now() when the chunk carrying it was read. */
  at: number;
}

export interface TimedStream {
  messages(): TimedMessage[];
  /** The first message matching, once it arrives; fails after `timeoutMs`. */
  waitFor(match: (m: TimedMessage) => boolean, timeoutMs: number): Promise<TimedMessage>;
  stop(): Promise<void>;
}

/** GET /api/events as an anonymous client, noting when each message arrived; resolves once subscribed. */
export async function openTimedStream(base: string): Promise<TimedStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, { signal: abort.signal });
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const messages: TimedMessage[] = [];
  let buffer = "";
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        // The stream opens with a retry hint, sent once the server has subscribed to the bus.
        if (buffer.includes("retry:")) subscribed();
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) messages.push({ ...(JSON.parse(data) as Omit<TimedMessage, "at">), at });
        }
      }
    } catch {
      // Aborted by stop().
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ready,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("the event stream did not open within 5 s")), 5_000))),
    ]);
  } catch (error) {
    abort.abort();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    messages: () => [...messages],
    async waitFor(match, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (performance.now() > deadline)
          throw new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async stop() {
      abort.abort();
      await reading;
    },
  };
}
