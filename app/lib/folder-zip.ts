/**
 * "Download all" of a folder (decision 0033): what its button shows and the names inside the ZIP.
 * No message macro here: plain rules the server and the button share.
 */
import { safeFileStem } from "./file-names";

/** What a folder's "Download all" offers: its published files, their bytes, and whether that is over the limit. */
export interface FolderZipSummary {
  files: number;
  bytes: number;
  maxBytes: number;
  tooLarge: boolean;
}

/**
 * The most files one ZIP holds: the list of entries is kept in memory while it streams (a few
 * hundred bytes each), so it is bounded like every other list the portal reads.
 */
export const FOLDER_ZIP_MAX_FILES = 10_000;

export const MEGABYTE = 1024 * 1024;

export function folderZipSummary(files: number, bytes: number, maxMb: number): FolderZipSummary {
  const maxBytes = maxMb * MEGABYTE;
  return { files, bytes, maxBytes, tooLarge: bytes > maxBytes || files > FOLDER_ZIP_MAX_FILES };
}

/** The ZIP's own name: the folder's name by the spec's download-name rule. */
export function folderZipFileName(folderName: string): string {
  return `${safeFileStem(folderName)}.zip`;
}

/**
 * One entry name per file, in order: the spec's download names, a repeated one numbered
 * ("Report_2.pdf") so nothing is overwritten when the ZIP is unpacked. Names are compared
 * without regard to case, as Windows and macOS file systems compare them.
 */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const taken = new Set(names.map((n) => n.toLowerCase()));
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    if (used.has(candidate.toLowerCase())) {
      const dot = name.lastIndexOf(".");
      const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
      for (let n = 2; ; n++) {
        candidate = `${stem}_${n}${ext}`;
        if (!used.has(candidate.toLowerCase()) && !taken.has(candidate.toLowerCase())) break;
      }
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
