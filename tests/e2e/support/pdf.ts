import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** Writes a real one-page PDF to a temp file for a file input; returns its path. */
export async function writePdf(fileName: string, text: string): Promise<string> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-e2e-pdf-"));
  const file = path.join(dir, fileName);
  await fs.writeFile(file, await pdf.save());
  return file;
}
