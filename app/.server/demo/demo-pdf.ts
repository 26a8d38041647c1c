/** The demo documents as PDFs (pdf-lib): a title page, the body's sections, a sample of sites for reports. */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { DEMO_FOOTER, type DemoFileInput, longDate, placesFor, sectionsFor, siteRows, thousands } from "./demo-words";
import { seededRandom } from "./random";

const PAGE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 56;
const BOTTOM = 72;
const BLUE = rgb(0.05, 0.32, 0.55);
const GREY = rgb(0.38, 0.38, 0.42);
const INK = rgb(0.1, 0.1, 0.12);

/** The standard fonts only encode WinAnsi: map typographic characters to plain ones, drop the rest. */
function pdfText(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}

function wrapPdf(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of pdfText(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Writes top to bottom, starting a new page when the next block does not fit. */
class PdfCursor {
  page: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly runningTitle: string,
  ) {
    this.page = this.newPage();
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage(PAGE);
    const [width, height] = PAGE;
    const title = wrapPdf(this.runningTitle, this.fonts.regular, 9, width - 2 * MARGIN)[0] ?? "";
    this.page.drawText(title, { x: MARGIN, y: height - 40, size: 9, font: this.fonts.regular, color: GREY });
    this.page.drawLine({ start: { x: MARGIN, y: height - 48 }, end: { x: width - MARGIN, y: height - 48 }, thickness: 0.5, color: GREY });
    this.y = height - 80;
    return this.page;
  }

  fits(space: number): boolean {
    return this.y - space >= BOTTOM;
  }

  ensure(space: number): void {
    if (!this.fits(space)) this.newPage();
  }

  heading(text: string): void {
    if (this.y < PAGE[1] - 80) this.y -= 10; // space above, except at the top of a page
    this.ensure(40);
    this.page.drawText(pdfText(text), { x: MARGIN, y: this.y, size: 14, font: this.fonts.bold, color: BLUE });
    this.y -= 22;
  }

  paragraph(text: string, options: { size?: number; bullet?: boolean } = {}): void {
    const size = options.size ?? 11;
    const indent = options.bullet ? 14 : 0;
    const lines = wrapPdf(text, this.fonts.regular, size, PAGE[0] - 2 * MARGIN - indent);
    this.ensure(lines.length * (size + 4));
    if (options.bullet) this.page.drawText("-", { x: MARGIN + 2, y: this.y, size, font: this.fonts.regular, color: INK });
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font: this.fonts.regular, color: INK });
      this.y -= size + 4;
    }
    this.y -= 4;
  }

  table(header: string[], rows: string[][], widths: number[]): void {
    const size = 9.5;
    const row = (cells: string[], font: PDFFont) => {
      this.ensure(size + 6);
      let x = MARGIN;
      cells.forEach((cell, i) => {
        this.page.drawText(pdfText(cell), { x, y: this.y, size, font, color: INK });
        x += widths[i] ?? 100;
      });
      this.y -= size + 6;
    };
    row(header, this.fonts.bold);
    for (const cells of rows) row(cells, this.fonts.regular);
    this.y -= 6;
  }
}

function drawTitlePage(page: PDFPage, input: DemoFileInput, fonts: Fonts): void {
  const [width, height] = PAGE;
  page.drawRectangle({ x: 0, y: height - 96, width, height: 96, color: BLUE });
  page.drawText("CCCM CLUSTER SOMALIA", { x: MARGIN, y: height - 50, size: 16, font: fonts.bold, color: rgb(1, 1, 1) });
  page.drawText("Camp Coordination and Camp Management", {
    x: MARGIN,
    y: height - 72,
    size: 10.5,
    font: fonts.regular,
    color: rgb(1, 1, 1),
  });

  let y = height - 170;
  page.drawText(pdfText(input.category.toUpperCase()), { x: MARGIN, y, size: 11, font: fonts.bold, color: BLUE });
  y -= 38;
  for (const line of wrapPdf(input.title, fonts.bold, 24, width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 24, font: fonts.bold, color: INK });
    y -= 30;
  }
  y -= 4;
  page.drawText(longDate(input.date), { x: MARGIN, y, size: 12, font: fonts.regular, color: GREY });
  y -= 18;
  for (const line of wrapPdf(`Keywords: ${input.tags.join(", ")}`, fonts.regular, 10, width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 10, font: fonts.regular, color: GREY });
    y -= 14;
  }
  y -= 26;
  for (const line of wrapPdf(input.description, fonts.regular, 12.5, width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 12.5, font: fonts.regular, color: INK });
    y -= 18;
  }
}

function drawFooters(doc: PDFDocument, fonts: Fonts): void {
  const pages = doc.getPages();
  const [width] = PAGE;
  pages.forEach((page, i) => {
    page.drawLine({ start: { x: MARGIN, y: 48 }, end: { x: width - MARGIN, y: 48 }, thickness: 0.5, color: GREY });
    page.drawText(DEMO_FOOTER, { x: MARGIN, y: 34, size: 9, font: fonts.regular, color: GREY });
    const label = `Page ${i + 1} of ${pages.length}`;
    const labelWidth = fonts.regular.widthOfTextAtSize(label, 9);
    page.drawText(label, { x: width - MARGIN - labelWidth, y: 34, size: 9, font: fonts.regular, color: GREY });
  });
}

export async function renderPdf(input: DemoFileInput): Promise<Buffer> {
  const rng = seededRandom(`${input.seed}|pdf`);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(pdfText(input.title));
  doc.setSubject(pdfText(input.category));
  doc.setKeywords(input.tags.map(pdfText));
  doc.setAuthor("CCCM Cluster Somalia (demo content)");
  doc.setCreator("CCCM portal demo loader");
  doc.setProducer("pdf-lib");
  doc.setCreationDate(input.date);
  doc.setModificationDate(input.date);

  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  drawTitlePage(doc.addPage(PAGE), input, fonts);

  const pages = Math.max(1, Math.min(3, input.pages ?? 2));
  if (pages > 1) {
    const sections = sectionsFor(input, rng);
    // Spread the sections over the remaining pages: a page break before each share.
    const perPage = Math.ceil(sections.length / (pages - 1));
    const cursor = new PdfCursor(doc, fonts, input.title);
    sections.forEach((section, i) => {
      if (i > 0 && i % perPage === 0) cursor.newPage();
      cursor.heading(`${i + 1}. ${section.heading}`);
      for (const sentence of section.sentences) cursor.paragraph(sentence, { bullet: true });
    });
    // Reports end with a sample of sites, unless that would add a page the caller did not ask for.
    const rows = siteRows(rng, placesFor(input.tags), 8, input.date);
    if (input.category === "Report" && (doc.getPageCount() < pages || cursor.fits(40 + (rows.length + 1) * 15.5))) {
      cursor.heading("Annex: sites covered (sample)");
      cursor.table(
        ["Site", "District", "Region", "Households", "Individuals"],
        rows.map((r) => [r.site_name, r.district, r.region, thousands(r.households), thousands(r.individuals)]),
        [120, 90, 100, 80, 80],
      );
    }
  }
  drawFooters(doc, fonts);
  return Buffer.from(await doc.save());
}
