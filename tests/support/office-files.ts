/**
 * Office files for the extraction tests and benchmark: the demo's writer (re-exported here), plus
 * a sheet far larger than anyone would write by hand.
 */

import { sheetDocument, workbookParts } from "~/.server/demo/office-files";
import { entry, type RawEntry, zipOf } from "./zip-writer";

export { type DocxBlock, makeDocx, makePptx, makeXlsx, type SheetSpec } from "~/.server/demo/office-files";

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
