/**
 * Minimal, valid Office files (the parts Word, Excel and PowerPoint need to open them), for the
 * extraction tests and benchmark: each text given lands in the file as those applications write it.
 */

import { entry, type RawEntry, zipFiles, zipOf } from "./zip-writer";

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";

function contentTypes(overrides: Record<string, string>): string {
  const parts = Object.entries(overrides)
    .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
    .join("");
  return `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/>${parts}</Types>`;
}

const rootRels = (main: string, thumbnail: boolean) =>
  `${DECLARATION}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="${main}"/>${
    thumbnail ? `<Relationship Id="rId2" Type="${PKG_REL}/metadata/thumbnail" Target="docProps/thumbnail.jpeg"/>` : ""
  }<Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`;

const appXml = (counts: string) =>
  `${DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">${counts}</Properties>`;

type Extras = { thumbnail?: Uint8Array };

const withThumbnail = (files: Record<string, string | Uint8Array>, extras: Extras) =>
  extras.thumbnail ? { ...files, "docProps/thumbnail.jpeg": extras.thumbnail } : files;

/** A DOCX of paragraphs; `pages` is what Word would have recorded in docProps/app.xml. */
export function makeDocx(paragraphs: string[], extras: Extras & { pages?: number } = {}): Uint8Array {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xml(p)}</w:t></w:r></w:p>`).join("");
  return zipFiles(
    withThumbnail(
      {
        "[Content_Types].xml": contentTypes({
          "word/document.xml": "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
          "docProps/app.xml": "application/vnd.openxmlformats-officedocument.extended-properties+xml",
        }),
        "_rels/.rels": rootRels("word/document.xml", !!extras.thumbnail),
        "docProps/app.xml": appXml(`<Pages>${extras.pages ?? 1}</Pages>`),
        "word/document.xml": `${DECLARATION}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      },
      extras,
    ),
  );
}

/** A PPTX whose slide n shows the lines of `slides[n-1]`, one paragraph each. */
export function makePptx(slides: string[][], extras: Extras = {}): Uint8Array {
  const files: Record<string, string | Uint8Array> = {
    "[Content_Types].xml": contentTypes({
      "ppt/presentation.xml": "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
      ...Object.fromEntries(
        slides.map((_, i) => [`ppt/slides/slide${i + 1}.xml`, "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"]),
      ),
    }),
    "_rels/.rels": rootRels("ppt/presentation.xml", !!extras.thumbnail),
    "docProps/app.xml": appXml(`<Slides>${slides.length}</Slides>`),
    "ppt/presentation.xml": `${DECLARATION}<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="${REL}"><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`)
      .join("")}</p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": `${DECLARATION}<Relationships xmlns="${PKG_REL}">${slides
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/slide" Target="slides/slide${i + 1}.xml"/>`)
      .join("")}</Relationships>`,
  };
  slides.forEach((lines, i) => {
    const paragraphs = lines.map((l) => `<a:p><a:r><a:rPr lang="en-GB"/><a:t>${xml(l)}</a:t></a:r></a:p>`).join("");
    files[`ppt/slides/slide${i + 1}.xml`] =
      `${DECLARATION}<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody><a:bodyPr/>${paragraphs}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  });
  return zipFiles(withThumbnail(files, extras));
}

type Cell = string | number;
export type SheetSpec = { name: string; rows: Cell[][] };

/** The sheet's XML; strings go to the shared table (or inline, as some producers write them). */
function sheetXml(rows: Cell[][], shared: Map<string, number>, inline: boolean): string {
  const cells = (row: Cell[]) =>
    row
      .map((v) => {
        if (typeof v === "number") return `<c><v>${v}</v></c>`;
        if (inline) return `<c t="inlineStr"><is><t>${xml(v)}</t></is></c>`;
        if (!shared.has(v)) shared.set(v, shared.size);
        return `<c t="s"><v>${shared.get(v)}</v></c>`;
      })
      .join("");
  return rows.map((row, r) => `<row r="${r + 1}">${cells(row)}</row>`).join("");
}

const sheetDocument = (data: string) =>
  `${DECLARATION}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${data}</sheetData></worksheet>`;

function workbookParts(names: string[], sharedCount: number, sharedItems: string): Record<string, string> {
  return {
    "[Content_Types].xml": contentTypes({
      "xl/workbook.xml": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
      "xl/sharedStrings.xml": "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml",
      ...Object.fromEntries(
        names.map((_, i) => [
          `xl/worksheets/sheet${i + 1}.xml`,
          "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml",
        ]),
      ),
    }),
    "_rels/.rels": rootRels("xl/workbook.xml", false),
    "docProps/app.xml": appXml(""),
    "xl/workbook.xml": `${DECLARATION}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets>${names
      .map((n, i) => `<sheet name="${xml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join("")}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `${DECLARATION}<Relationships xmlns="${PKG_REL}">${names
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join("")}<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    "xl/sharedStrings.xml": `${DECLARATION}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${sharedCount}" uniqueCount="${sharedCount}">${sharedItems}</sst>`,
  };
}

/** An XLSX of the given sheets. */
export function makeXlsx(sheets: SheetSpec[], options: { inlineStrings?: boolean } = {}): Uint8Array {
  const shared = new Map<string, number>();
  const sheetFiles = Object.fromEntries(
    sheets.map((s, i) => [`xl/worksheets/sheet${i + 1}.xml`, sheetDocument(sheetXml(s.rows, shared, !!options.inlineStrings))]),
  );
  const items = [...shared.keys()].map((s) => `<si><t xml:space="preserve">${xml(s)}</t></si>`).join("");
  return zipFiles({
    ...workbookParts(
      sheets.map((s) => s.name),
      shared.size,
      items,
    ),
    ...sheetFiles,
  });
}

/**
 * An XLSX of `cells` string cells on one sheet, `perRow` to a row, each pointing at one of
 * `distinct` shared strings ("cell0", "cell1", ...): a million cells is a 20 MB sheet that
 * deflates to well under a megabyte.
 */
export function makeManyCellXlsx(cells: number, options: { perRow?: number; distinct?: number } = {}): Uint8Array {
  const perRow = options.perRow ?? 1000;
  const distinct = options.distinct ?? 1000;
  const rows: string[] = [];
  for (let start = 0; start < cells; start += perRow) {
    let row = "<row>";
    for (let c = start; c < Math.min(cells, start + perRow); c++) row += `<c t="s"><v>${c % distinct}</v></c>`;
    rows.push(`${row}</row>`);
  }
  const items = Array.from({ length: distinct }, (_, i) => `<si><t>cell${i}</t></si>`).join("");
  const parts = workbookParts(["Big"], distinct, items);
  const entries: RawEntry[] = Object.entries(parts).map(([name, content]) => entry(name, content));
  entries.push(entry("xl/worksheets/sheet1.xml", sheetDocument(rows.join(""))));
  return zipOf(entries);
}
