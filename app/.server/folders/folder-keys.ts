import { foldText } from "../search/normalise";

/**
 * A folder's name and text as the database compares them, computed here in TypeScript because
 * neither engine folds case and accents the same way (SQLite's lower() knows only ASCII): with
 * them, the folder list is sorted and searched in SQL, one page at a time, identically on SQLite
 * and PostgreSQL ("Échanges" between "Data" and "Safety", "RÉUNION" finding "réunion").
 *
 * - `name_key`: the name folded (lower case, accents off), runs of digits padded so "Net 2" comes
 *   before "Net 10", as people sort names (lib/folders.ts `compareNames`). Compared byte by byte
 *   on both engines (the column has the "C" collation on PostgreSQL).
 * - `search_key`: the folded name and description, on two lines, searched as a substring.
 *
 * Every writer of a folder's name or description writes both (the columns are required on
 * insert); a change to these functions needs a migration that recomputes them (see 0007).
 */

const DIGITS = /\d+/g;
const PAD = 12;

export function folderNameKey(name: string): string {
  return foldText(name.trim()).replace(DIGITS, (run) => run.padStart(PAD, "0"));
}

export function folderSearchKey(name: string, description: string | null): string {
  return `${foldText(name.trim())}\n${foldText(description ?? "")}`;
}

export function folderKeys(name: string, description: string | null): { name_key: string; search_key: string } {
  return { name_key: folderNameKey(name), search_key: folderSearchKey(name, description) };
}

/** What a search box's words are compared as: folded, spaces collapsed (never a line break), trimmed. */
export function folderNeedle(q: string | null | undefined): string {
  return foldText((q ?? "").replace(/\s+/g, " ").trim());
}
