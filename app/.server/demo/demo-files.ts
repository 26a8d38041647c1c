/**
 * The bytes of the demo documents: PDFs (demo-pdf.ts), Word documents, slide decks and workbooks
 * (demo-office.ts), plain-text notes and CSV data sets (demo-csv.ts). Pure: no database, no storage, no clock. Every "random" number comes from a
 * generator seeded by the caller, so the same input always gives the same file. The text they
 * are made of lives in data/ (imported, so it ships in the server bundle).
 */
import { renderCsv } from "./demo-csv";
import { renderDocx, renderPptx, renderXlsx } from "./demo-office";
import { renderPdf } from "./demo-pdf";
import { DEMO_FOOTER, type DemoFileInput, longDate, sectionsFor } from "./demo-words";
import { seededRandom } from "./random";

export { SITE_LIST_HEADER } from "./demo-csv";
export { type CsvKind, DEMO_FOOTER, type DemoFileInput, type DemoFormat, longDate } from "./demo-words";
export { type Random, seededRandom } from "./random";

export async function renderDemoFile(input: DemoFileInput): Promise<Buffer> {
  switch (input.format) {
    case "pdf":
      return renderPdf(input);
    case "txt":
      return Buffer.from(renderText(input), "utf8");
    case "csv":
      return Buffer.from(renderCsv(input), "utf8");
    case "docx":
      return Buffer.from(renderDocx(input));
    case "xlsx":
      return Buffer.from(renderXlsx(input));
    case "pptx":
      return Buffer.from(renderPptx(input));
  }
}

// Plain text ---------------------------------------------------------------------------------------

function wrapPlain(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function renderText(input: DemoFileInput): string {
  const rng = seededRandom(`${input.seed}|txt`);
  const out: string[] = [
    "CCCM CLUSTER SOMALIA",
    "",
    input.title,
    "=".repeat(Math.min(76, input.title.length)),
    "",
    `Category: ${input.category}`,
    `Date:     ${longDate(input.date)}`,
    `Keywords: ${input.tags.join(", ")}`,
    "",
    ...wrapPlain(input.description, 76),
  ];
  sectionsFor(input, rng).forEach((section, i) => {
    const heading = `${i + 1}. ${section.heading}`;
    out.push("", heading, "-".repeat(heading.length));
    for (const sentence of section.sentences) {
      const [first, ...rest] = wrapPlain(sentence, 72);
      out.push(`  - ${first ?? ""}`, ...rest.map((l) => `    ${l}`));
    }
  });
  out.push("", "--", DEMO_FOOTER, "");
  return out.join("\n");
}
