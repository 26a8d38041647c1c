/**
 * XLSX: the strings of each sheet's cells (shared strings, inline strings, formula results that
 * are text), one page per worksheet in workbook order, a row per line. Numbers, dates and
 * booleans are left out: they swell the text without helping anyone find the file. Sheets are
 * scanned as they inflate, so a sheet's size never sits in memory as one string.
 */

import type { ExtractionLimits } from "./limits";
import { officeThumbnail } from "./office";
import { type Reading, readingOf } from "./reading";
import type { ExtractedPage } from "./result";
import { normaliseText, TextBudget, utf8Bytes } from "./text";
import { decodeXmlEntities, scanXml, textsOf, xmlAttributes } from "./xml";
import type { ZipArchive } from "./zip";

type Sheet = { name: string; path: string };

const SHARED_STRING = /<si>([\s\S]*?)<\/si>|<si\s*\/>/g;
// A cell (self-closing or with content), or the end of a row.
const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)|<\/row>/g;

export async function readXlsx(zip: ZipArchive, limits: ExtractionLimits): Promise<Reading> {
  const sheets = await sheetsOf(zip);
  const budget = new TextBudget(limits.maxTextBytes);
  const counter = { cells: 0, truncated: false };
  const shared = await sharedStrings(zip, limits, counter);
  const pages: ExtractedPage[] = [];
  for (const sheet of sheets) {
    if (budget.exhausted || counter.cells >= limits.maxCells) break;
    const raw = zip.has(sheet.path) ? await sheetText(zip, sheet.path, shared, limits, counter, budget.maxBytes - budget.usedBytes) : "";
    pages.push({ number: pages.length + 1, label: sheet.name, text: budget.take(normaliseText(raw)) });
  }
  const truncated = budget.truncated || counter.truncated || pages.length < sheets.length;
  return readingOf(
    { kind: "xlsx", unit: "sheet", pages, pageCount: sheets.length, truncated },
    { thumbnail: () => officeThumbnail(zip, limits) },
  );
}

/** Worksheets in workbook order, from `xl/workbook.xml` and its relationships; else `sheetN.xml` by number. */
async function sheetsOf(zip: ZipArchive): Promise<Sheet[]> {
  const workbook = (await zip.readText("xl/workbook.xml")) ?? "";
  const rels = (await zip.readText("xl/_rels/workbook.xml.rels")) ?? "";
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b([^>]*)>/g)) {
    const a = xmlAttributes(m[1]!);
    if (a.Id && a.Target && /\/worksheet$/.test(a.Type ?? "")) targets.set(a.Id, partPath(a.Target));
  }
  const listed = Array.from(workbook.matchAll(/<sheet\b([^>]*)>/g), (m) => xmlAttributes(m[1]!))
    .map((a) => ({ name: a.name ?? "", path: targets.get(a["r:id"] ?? "") ?? "" }))
    .filter((s) => s.path);
  if (listed.length > 0) return listed;
  return zip
    .names()
    .map((path) => ({ path, number: Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(path)?.[1] ?? Number.NaN) }))
    .filter((s) => Number.isSafeInteger(s.number))
    .sort((a, b) => a.number - b.number)
    .map((s, i) => ({ name: `Sheet${i + 1}`, path: s.path }));
}

/** A relationship target, relative to `xl/` unless absolute, as a zip entry name. */
function partPath(target: string): string {
  const parts: string[] = target.startsWith("/") ? [] : ["xl"];
  for (const part of target.split("/")) {
    if (part === "..") parts.pop();
    else if (part && part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/**
 * The shared string table, kept up to the text budget's size (a table larger than the text that
 * may be kept cannot all be used); each entry counts as a cell.
 */
async function sharedStrings(zip: ZipArchive, limits: ExtractionLimits, counter: { cells: number; truncated: boolean }): Promise<string[]> {
  const strings: string[] = [];
  if (!zip.has("xl/sharedStrings.xml")) return strings;
  let kept = 0;
  await scanXml(zip.stream("xl/sharedStrings.xml"), SHARED_STRING, (m) => {
    // Phonetic guides (<rPh>) repeat the text's reading in another script: not part of the text.
    const text = m[1] ? textsOf(m[1].replace(/<rPh\b[\s\S]*?<\/rPh>/g, ""), "t").join("") : "";
    kept += text.length;
    if (kept > limits.maxTextBytes || ++counter.cells > limits.maxCells) {
      counter.truncated = true;
      return false;
    }
    strings.push(text);
    return undefined;
  });
  return strings;
}

/** One sheet's strings, cells of a row separated by tabs, rows by line breaks; stops at `maxBytes` or the cell cap. */
async function sheetText(
  zip: ZipArchive,
  path: string,
  shared: string[],
  limits: ExtractionLimits,
  counter: { cells: number; truncated: boolean },
  maxBytes: number,
): Promise<string> {
  const lines: string[] = [];
  let row: string[] = [];
  let bytes = 0;
  const endRow = () => {
    if (row.length > 0) lines.push(row.join("\t"));
    row = [];
  };
  await scanXml(zip.stream(path), CELL, (m) => {
    if (m[1] === undefined) {
      endRow();
      return undefined;
    }
    if (++counter.cells > limits.maxCells) {
      counter.truncated = true;
      return false;
    }
    const value = cellString(m[1], m[2] ?? "", shared);
    if (!value) return undefined;
    row.push(value);
    bytes += utf8Bytes(value) + 1;
    // Past what may still be kept, reading on would only be cut off again.
    if (bytes > maxBytes) return false;
    return undefined;
  });
  endRow();
  return lines.join("\n");
}

function cellString(attributes: string, inner: string, shared: string[]): string {
  const type = /\bt\s*=\s*"([^"]*)"/.exec(attributes)?.[1];
  if (type === "s") {
    const index = /<v>\s*(\d+)\s*<\/v>/.exec(inner)?.[1];
    return index === undefined ? "" : (shared[Number(index)] ?? "");
  }
  if (type === "inlineStr") return textsOf(inner.replace(/<rPh\b[\s\S]*?<\/rPh>/g, ""), "t").join("");
  if (type === "str") return decodeXmlEntities(/<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? "");
  return "";
}
