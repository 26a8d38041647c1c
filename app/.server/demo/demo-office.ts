/**
 * The demo documents as Office files: a Word document (a title, the category's sections, a page
 * per pair of sections), a slide deck (a title slide, then a slide per section) and a workbook
 * (the data set, with a sheet saying what it is). Their words come from the same pools as the
 * PDFs, so a search finds a sentence inside a deck as it finds one inside a report.
 */

import { rowsOf } from "./demo-csv";
import { DEMO_FOOTER, type DemoFileInput, longDate, sectionsFor } from "./demo-words";
import { type DocxBlock, makeDocx, makePptx, makeXlsx } from "./office-files";
import { seededRandom } from "./random";

const PUBLISHER = "CCCM Cluster Somalia";

export function renderDocx(input: DemoFileInput): Uint8Array {
  const rng = seededRandom(`${input.seed}|docx`);
  const blocks: DocxBlock[] = [
    { title: input.title },
    `${PUBLISHER} · ${input.category} · ${longDate(input.date)}`,
    `Keywords: ${input.tags.join(", ")}`,
    input.description,
  ];
  sectionsFor(input, rng).forEach((section, i) => {
    if (i > 0 && i % 2 === 0) blocks.push({ pageBreak: true });
    blocks.push({ heading: `${i + 1}. ${section.heading}` }, ...section.sentences);
  });
  blocks.push(DEMO_FOOTER);
  return makeDocx(blocks, { title: input.title });
}

export function renderPptx(input: DemoFileInput): Uint8Array {
  const rng = seededRandom(`${input.seed}|pptx`);
  const slides: string[][] = [[input.title, input.description, `${PUBLISHER} · ${longDate(input.date)}`]];
  for (const section of sectionsFor(input, rng)) slides.push([section.heading, ...section.sentences]);
  slides.push(["Thank you", `Find this deck and the cluster's other documents on the ${PUBLISHER} portal.`, DEMO_FOOTER]);
  return makePptx(slides, { title: input.title });
}

export function renderXlsx(input: DemoFileInput): Uint8Array {
  const { header, rows } = rowsOf(input);
  const about = [
    ["About this workbook"],
    [input.title],
    [input.description],
    [`${PUBLISHER} · ${longDate(input.date)}`],
    [`Keywords: ${input.tags.join(", ")}`],
    [DEMO_FOOTER],
  ];
  return makeXlsx(
    [
      { name: "Data", rows: [header, ...rows], header: true },
      { name: "About", rows: about },
    ],
    { title: input.title },
  );
}
