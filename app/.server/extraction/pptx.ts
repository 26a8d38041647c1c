/** PPTX: the text runs (`<a:t>`) of each slide, slides in the order of their numbers, one page each. */

import type { ExtractionLimits } from "./limits";
import { officeThumbnail } from "./office";
import { type Reading, readingOf } from "./reading";
import type { ExtractedPage } from "./result";
import { normaliseText, TextBudget } from "./text";
import { decodeXmlEntities, scanXml } from "./xml";
import type { ZipArchive } from "./zip";

// A run of text, an empty run, a paragraph's end, a line break, a tab.
const SLIDE_TEXT = /<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|<a:t\s*\/>|(<\/a:p>|<a:br\b[^>]*>)|(<a:tab\b[^>]*>)/g;

export async function readPptx(zip: ZipArchive, limits: ExtractionLimits): Promise<Reading> {
  const slides = zip
    .names()
    .map((name) => ({ name, number: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] ?? Number.NaN) }))
    .filter((s) => Number.isSafeInteger(s.number))
    .sort((a, b) => a.number - b.number);
  const budget = new TextBudget(limits.maxTextBytes);
  const pages: ExtractedPage[] = [];
  for (const slide of slides) {
    if (budget.exhausted) break;
    let raw = "";
    await scanXml(zip.stream(slide.name), SLIDE_TEXT, (m) => {
      raw += m[1] !== undefined ? decodeXmlEntities(m[1]) : m[2] ? "\n" : m[3] ? " " : "";
      return undefined;
    });
    pages.push({ number: pages.length + 1, text: budget.take(normaliseText(raw)) });
  }
  return readingOf(
    { kind: "pptx", unit: "slide", pages, pageCount: slides.length, truncated: budget.truncated || pages.length < slides.length },
    { thumbnail: () => officeThumbnail(zip, limits) },
  );
}
