// @ts-check
/** Files, request bodies and uploads for the benchmarks that upload through the admin form. */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { PDFDocument, StandardFonts } from "pdf-lib";

/**
 * A real one-page PDF of about `size` bytes: the padding is an unreferenced stream object of random
 * bytes before the cross-reference table, so the file stays readable to the file reader.
 * @param {number} size @param {string} title
 */
export async function paddedPdf(size, title) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(title, { x: 72, y: 760, size: 18, font });
  const base = (await doc.save({ useObjectStreams: false })).length;
  if (size > base + 64) doc.context.register(doc.context.stream(randomBytes(size - base - 64)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The admin upload form's multipart body for one PDF (title, category, published, then the file,
 * as the browser sends them).
 * @param {Buffer} pdf @param {string} name
 * @returns {{ body: Buffer, contentType: string }}
 */
export function documentForm(pdf, name) {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  const field = (/** @type {string} */ n, /** @type {string} */ v) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
  const head = Buffer.from(
    `${field("title", name)}${field("category", "Report")}${field("published", "true")}` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, pdf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Starts a POST of `form` to the admin upload route; the caller writes the body.
 * @param {string} url the portal's origin @param {string} cookie @param {{ body: Buffer, contentType: string }} form
 * @param {http.Agent | false} [agent]
 */
export function uploadRequest(url, cookie, form, agent = false) {
  return http.request(`${url}/admin/documents`, {
    method: "POST",
    agent,
    headers: { Cookie: cookie, Origin: url, "Content-Type": form.contentType, "Content-Length": form.body.length },
  });
}

/** Whether the upload form's answer says the document was stored. @param {number | undefined} status @param {string} text */
export const uploadSucceeded = (status, text) => status === 200 && text.includes("Upload successful");

/**
 * Uploads `pdf` through the admin form (named `name`, which the form also takes as its title);
 * resolves with whether it was stored, and the answer's status.
 * @param {string} url the portal's origin @param {string} cookie @param {Buffer} pdf @param {string} name
 * @param {number} [timeoutMs]
 * @returns {Promise<{ stored: boolean, status: number | undefined }>}
 */
export function uploadDocument(url, cookie, pdf, name, timeoutMs = 120_000) {
  const form = documentForm(pdf, name);
  return new Promise((resolve, reject) => {
    const req = uploadRequest(url, cookie, form);
    req.setTimeout(timeoutMs, () => req.destroy(new Error("upload timed out")));
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ stored: uploadSucceeded(res.statusCode, text), status: res.statusCode }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(form.body);
  });
}

/**
 * `uploadDocument`, failing unless the document was stored.
 * @param {string} url @param {string} cookie @param {Buffer} pdf @param {string} name
 */
export async function uploadOrFail(url, cookie, pdf, name) {
  const { stored, status } = await uploadDocument(url, cookie, pdf, name);
  if (!stored) throw new Error(`upload of ${name} refused: HTTP ${status}`);
}
