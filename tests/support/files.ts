import fs from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** A real PDF with one page of text (pdf-lib), as an upload would carry. */
export async function makePdf(text = "CCCM test document"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 50, y: 780, size: 14, font });
  return pdf.save();
}

/** Every file under a local storage root, relative paths, the temp folder included. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) await walk(abs);
      else out.push(path.relative(root, abs));
    }
  }
  await walk(root);
  return out.sort();
}

/** A multipart/form-data POST built the way a browser builds it; a list is one field repeated (several boxes of one name). */
export function multipartRequest(
  url: string,
  fields: Record<string, string | string[]>,
  files: Array<{ field: string; name: string; bytes: Uint8Array; type?: string }>,
): Request {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  for (const f of files)
    form.append(f.field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? "application/octet-stream" }), f.name);
  return new Request(url, { method: "POST", body: form });
}
