/**
 * Office files written by hand: DOCX, XLSX and PPTX with the parts Word, Excel and PowerPoint
 * need to open them (styles, a slide master, layout and theme), and no more. The demo content
 * is made of them, and the extraction tests build theirs with the same functions. Every text
 * given lands in the file as those applications write it (runs, shared strings, slide shapes),
 * so what the portal reads from a demo file is what it would read from a real one.
 */

import { zipFiles } from "./zip-archive";

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const CT = "application/vnd.openxmlformats-officedocument";

function contentTypes(overrides: Record<string, string>): string {
  const parts = Object.entries(overrides)
    .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
    .join("");
  return `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/>${parts}</Types>`;
}

const relationships = (rels: Array<[id: string, type: string, target: string]>) =>
  `${DECLARATION}<Relationships xmlns="${PKG_REL}">${rels
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`)
    .join("")}</Relationships>`;

const rootRels = (main: string, thumbnail: boolean) =>
  relationships([
    ["rId1", `${REL}/officeDocument`, main],
    ["rId3", `${REL}/extended-properties`, "docProps/app.xml"],
    ["rId4", `${PKG_REL}/metadata/core-properties`, "docProps/core.xml"],
    ...(thumbnail ? [["rId2", `${PKG_REL}/metadata/thumbnail`, "docProps/thumbnail.jpeg"] as [string, string, string]] : []),
  ]);

const appXml = (counts: string) =>
  `${DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>CCCM portal</Application>${counts}</Properties>`;

const coreXml = (title: string) =>
  `${DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${xml(title)}</dc:title></cp:coreProperties>`;

/** The parts every package carries: content types, the root relationships, app and core properties. */
function packageParts(
  main: string,
  overrides: Record<string, string>,
  properties: { counts: string; title?: string; thumbnail?: Uint8Array },
): Record<string, string | Uint8Array> {
  return {
    "[Content_Types].xml": contentTypes({
      ...overrides,
      "docProps/app.xml": `${CT}.extended-properties+xml`,
      "docProps/core.xml": "application/vnd.openxmlformats-package.core-properties+xml",
    }),
    "_rels/.rels": rootRels(main, !!properties.thumbnail),
    "docProps/app.xml": appXml(properties.counts),
    "docProps/core.xml": coreXml(properties.title ?? ""),
    ...(properties.thumbnail ? { "docProps/thumbnail.jpeg": properties.thumbnail } : {}),
  };
}

export type OfficeExtras = {
  /** The document's title, in its properties. */
  title?: string;
  /** The picture Office saves with "Save thumbnail" (docProps/thumbnail.jpeg). */
  thumbnail?: Uint8Array;
};

// DOCX ---------------------------------------------------------------------------------------------

/** A paragraph of body text, a heading (level 1 or 2, or the document's title), or a page break. */
export type DocxBlock = string | { heading: string; level?: 1 | 2 } | { title: string } | { pageBreak: true };

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

const DOCX_STYLES = `${DECLARATION}<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:lang w:val="en-GB"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:pPr><w:spacing w:after="240"/></w:pPr><w:rPr><w:b/><w:color w:val="1F3864"/><w:sz w:val="44"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:pPr><w:keepNext/><w:spacing w:before="360" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:color w:val="2F5496"/><w:sz w:val="32"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="80"/><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/><w:color w:val="2F5496"/><w:sz w:val="26"/></w:rPr></w:style></w:styles>`;

function docxParagraph(block: DocxBlock): string {
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${xml(text)}</w:t></w:r>`;
  if (typeof block === "string") return `<w:p>${run(block)}</w:p>`;
  if ("pageBreak" in block) return '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  if ("title" in block) return `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${run(block.title)}</w:p>`;
  return `<w:p><w:pPr><w:pStyle w:val="Heading${block.level ?? 1}"/></w:pPr>${run(block.heading)}</w:p>`;
}

/**
 * A DOCX of paragraphs on A4. `pages` is what Word would have recorded in docProps/app.xml; by
 * default one more than the page breaks.
 */
export function makeDocx(blocks: DocxBlock[], extras: OfficeExtras & { pages?: number } = {}): Uint8Array {
  const breaks = blocks.filter((b) => typeof b === "object" && "pageBreak" in b).length;
  const section =
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';
  return zipFiles({
    ...packageParts(
      "word/document.xml",
      { "word/document.xml": `${CT}.wordprocessingml.document.main+xml`, "word/styles.xml": `${CT}.wordprocessingml.styles+xml` },
      { counts: `<Pages>${extras.pages ?? breaks + 1}</Pages>`, title: extras.title, thumbnail: extras.thumbnail },
    ),
    "word/_rels/document.xml.rels": relationships([["rId1", `${REL}/styles`, "styles.xml"]]),
    "word/styles.xml": DOCX_STYLES,
    "word/document.xml": `${DECLARATION}<w:document xmlns:w="${W}"><w:body>${blocks.map(docxParagraph).join("")}${section}</w:body></w:document>`,
  });
}

// PPTX ---------------------------------------------------------------------------------------------

const NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main";
const NS_P = "http://schemas.openxmlformats.org/presentationml/2006/main";
const SLIDE_NS = `xmlns:a="${NS_A}" xmlns:r="${REL}" xmlns:p="${NS_P}"`;
// 16:9, in EMU (914,400 to the inch).
const SLIDE_WIDTH = 12_192_000;
const SLIDE_HEIGHT = 6_858_000;

const EMPTY_TREE_HEAD = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';

const THEME = `${DECLARATION}<a:theme xmlns:a="${NS_A}" name="Portal"><a:themeElements><a:clrScheme name="Portal"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="1F3864"/></a:dk2><a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="2F5496"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="Portal"><a:majorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Portal"><a:fillStyleLst>${'<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'.repeat(3)}</a:fillStyleLst><a:lnStyleLst>${'<a:ln w="6350"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln>'.repeat(3)}</a:lnStyleLst><a:effectStyleLst>${"<a:effectStyle><a:effectLst/></a:effectStyle>".repeat(3)}</a:effectStyleLst><a:bgFillStyleLst>${'<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'.repeat(3)}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;

const SLIDE_MASTER = `${DECLARATION}<p:sldMaster ${SLIDE_NS}><p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg><p:spTree>${EMPTY_TREE_HEAD}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`;

const SLIDE_LAYOUT = `${DECLARATION}<p:sldLayout ${SLIDE_NS} preserve="1"><p:cSld name="Blank"><p:spTree>${EMPTY_TREE_HEAD}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`;

/** A text box at a place on the slide; each line is a paragraph, bulleted or not. */
function textBox(
  id: number,
  name: string,
  box: { x: number; y: number; cx: number; cy: number },
  lines: string[],
  style: { size: number; bold?: boolean; bullets?: boolean },
) {
  const paragraphs = lines
    .map((line) => {
      const bullet = style.bullets ? '<a:pPr marL="342900" indent="-342900"><a:buChar char="&#8226;"/></a:pPr>' : "";
      return `<a:p>${bullet}<a:r><a:rPr lang="en-GB" sz="${style.size * 100}"${style.bold ? ' b="1"' : ""} dirty="0"/><a:t>${xml(line)}</a:t></a:r></a:p>`;
    })
    .join("");
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="${box.x}" y="${box.y}"/><a:ext cx="${box.cx}" cy="${box.cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr wrap="square"><a:normAutofit/></a:bodyPr><a:lstStyle/>${paragraphs || "<a:p/>"}</p:txBody></p:sp>`;
}

/** The first slide is a title slide (its other lines a subtitle); the others a title and bullets. */
function slideXml(lines: string[], isTitleSlide: boolean): string {
  const [title = "", ...body] = lines;
  const margin = 609_600;
  const width = SLIDE_WIDTH - 2 * margin;
  const shapes =
    textBox(2, "Title", { x: margin, y: 457_200, cx: width, cy: 1_143_000 }, [title], { size: 32, bold: true }) +
    (body.length > 0
      ? textBox(
          3,
          "Text",
          { x: margin, y: 1_828_800, cx: width, cy: SLIDE_HEIGHT - 2_286_000 },
          body,
          isTitleSlide ? { size: 24 } : { size: 20, bullets: true },
        )
      : "");
  return `${DECLARATION}<p:sld ${SLIDE_NS}><p:cSld><p:spTree>${EMPTY_TREE_HEAD}${shapes}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
}

/**
 * A PPTX whose slide n shows the lines of `slides[n-1]`: the first as its title, the rest as
 * bullets (on the first slide, a deck's title slide, as a subtitle).
 */
export function makePptx(slides: string[][], extras: OfficeExtras = {}): Uint8Array {
  const slideIds = slides.map((_, i) => i + 2); // rId1 is the master
  const themeId = slides.length + 2;
  const files: Record<string, string | Uint8Array> = {
    ...packageParts(
      "ppt/presentation.xml",
      {
        "ppt/presentation.xml": `${CT}.presentationml.presentation.main+xml`,
        "ppt/slideMasters/slideMaster1.xml": `${CT}.presentationml.slideMaster+xml`,
        "ppt/slideLayouts/slideLayout1.xml": `${CT}.presentationml.slideLayout+xml`,
        "ppt/theme/theme1.xml": `${CT}.theme+xml`,
        ...Object.fromEntries(slides.map((_, i) => [`ppt/slides/slide${i + 1}.xml`, `${CT}.presentationml.slide+xml`])),
      },
      { counts: `<Slides>${slides.length}</Slides>`, title: extras.title, thumbnail: extras.thumbnail },
    ),
    "ppt/presentation.xml": `${DECLARATION}<p:presentation ${SLIDE_NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>${slideIds
      .map((rId, i) => `<p:sldId id="${256 + i}" r:id="rId${rId}"/>`)
      .join("")}</p:sldIdLst><p:sldSz cx="${SLIDE_WIDTH}" cy="${SLIDE_HEIGHT}"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": relationships([
      ["rId1", `${REL}/slideMaster`, "slideMasters/slideMaster1.xml"],
      ...slideIds.map((rId, i) => [`rId${rId}`, `${REL}/slide`, `slides/slide${i + 1}.xml`] as [string, string, string]),
      [`rId${themeId}`, `${REL}/theme`, "theme/theme1.xml"],
    ]),
    "ppt/slideMasters/slideMaster1.xml": SLIDE_MASTER,
    "ppt/slideMasters/_rels/slideMaster1.xml.rels": relationships([
      ["rId1", `${REL}/slideLayout`, "../slideLayouts/slideLayout1.xml"],
      ["rId2", `${REL}/theme`, "../theme/theme1.xml"],
    ]),
    "ppt/slideLayouts/slideLayout1.xml": SLIDE_LAYOUT,
    "ppt/slideLayouts/_rels/slideLayout1.xml.rels": relationships([["rId1", `${REL}/slideMaster`, "../slideMasters/slideMaster1.xml"]]),
    "ppt/theme/theme1.xml": THEME,
  };
  slides.forEach((lines, i) => {
    files[`ppt/slides/slide${i + 1}.xml`] = slideXml(lines, i === 0);
    files[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = relationships([["rId1", `${REL}/slideLayout`, "../slideLayouts/slideLayout1.xml"]]);
  });
  return zipFiles(files);
}

// XLSX ---------------------------------------------------------------------------------------------

type Cell = string | number;
/** A sheet; with `header`, its first row is bold and stays in view when scrolling. */
export type SheetSpec = { name: string; rows: Cell[][]; header?: boolean };

const SML = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";

// Two cell formats: 0 plain, 1 bold (a header).
const XLSX_STYLES = `${DECLARATION}<styleSheet xmlns="${SML}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** "A", "B", ... "Z", "AA": the letters of column `index` (from 0). */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The sheet's cells; strings go to the shared table (or inline, as some producers write them). */
function sheetData(sheet: SheetSpec, shared: Map<string, number>, inline: boolean): string {
  return sheet.rows
    .map((row, r) => {
      const style = sheet.header && r === 0 ? ' s="1"' : "";
      const cells = row
        .map((v, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (typeof v === "number") return `<c r="${ref}"${style}><v>${v}</v></c>`;
          if (inline) return `<c r="${ref}"${style} t="inlineStr"><is><t>${xml(v)}</t></is></c>`;
          if (!shared.has(v)) shared.set(v, shared.size);
          return `<c r="${ref}"${style} t="s"><v>${shared.get(v)}</v></c>`;
        })
        .join("");
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join("");
}

/** A worksheet part around its `<sheetData>` content; column widths from the longest text in each. */
export function sheetDocument(data: string, sheet?: SheetSpec): string {
  const columns = Math.max(0, ...(sheet?.rows ?? []).map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, c) =>
    Math.min(60, Math.max(8, ...(sheet?.rows ?? []).map((r) => String(r[c] ?? "").length + 2))),
  );
  const cols =
    columns > 0 ? `<cols>${widths.map((w, c) => `<col min="${c + 1}" max="${c + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>` : "";
  const frozen = sheet?.header
    ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
    : "";
  return `${DECLARATION}<worksheet xmlns="${SML}">${frozen}${cols}<sheetData>${data}</sheetData></worksheet>`;
}

/** Every part of a workbook but its sheets: `sharedItems` is the `<si>` list of the shared strings. */
export function workbookParts(names: string[], sharedCount: number, sharedItems: string, extras: OfficeExtras = {}) {
  return {
    ...packageParts(
      "xl/workbook.xml",
      {
        "xl/workbook.xml": `${CT}.spreadsheetml.sheet.main+xml`,
        "xl/styles.xml": `${CT}.spreadsheetml.styles+xml`,
        "xl/sharedStrings.xml": `${CT}.spreadsheetml.sharedStrings+xml`,
        ...Object.fromEntries(names.map((_, i) => [`xl/worksheets/sheet${i + 1}.xml`, `${CT}.spreadsheetml.worksheet+xml`])),
      },
      { counts: "", title: extras.title, thumbnail: extras.thumbnail },
    ),
    "xl/workbook.xml": `${DECLARATION}<workbook xmlns="${SML}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets>${names
      .map((n, i) => `<sheet name="${xml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join("")}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": relationships([
      ...names.map((_, i) => [`rId${i + 1}`, `${REL}/worksheet`, `worksheets/sheet${i + 1}.xml`] as [string, string, string]),
      ["rIdS", `${REL}/sharedStrings`, "sharedStrings.xml"],
      ["rIdT", `${REL}/styles`, "styles.xml"],
    ]),
    "xl/styles.xml": XLSX_STYLES,
    "xl/sharedStrings.xml": `${DECLARATION}<sst xmlns="${SML}" count="${sharedCount}" uniqueCount="${sharedCount}">${sharedItems}</sst>`,
  };
}

/** An XLSX of the given sheets. */
export function makeXlsx(sheets: SheetSpec[], options: OfficeExtras & { inlineStrings?: boolean } = {}): Uint8Array {
  const shared = new Map<string, number>();
  const sheetFiles = Object.fromEntries(
    sheets.map((s, i) => [`xl/worksheets/sheet${i + 1}.xml`, sheetDocument(sheetData(s, shared, !!options.inlineStrings), s)]),
  );
  const items = [...shared.keys()].map((s) => `<si><t xml:space="preserve">${xml(s)}</t></si>`).join("");
  return zipFiles({
    ...workbookParts(
      sheets.map((s) => s.name),
      shared.size,
      items,
      options,
    ),
    ...sheetFiles,
  });
}
