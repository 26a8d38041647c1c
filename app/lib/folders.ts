/**
 * The folder screens' rules (admin-and-sharing sections 3, 4, 5 and 8), pure so the browser can
 * check a bulk selection before sending it; the server checks everything again.
 */
import { type Category, canonicalCategory } from "./categories";
import { DOCUMENT_MESSAGES, MAX_UPLOAD_BYTES, titleFromFileName } from "./document-form";
import { extensionOf } from "./file-names";
import { CARD_PER } from "./paging";

/** The eleven preset guidance folders of Quick Setup (section 3), in the spec's order. */
export const GUIDANCE_FOLDERS = [
  "ASA & Localization",
  "CFM & Referrals",
  "Data Collection",
  "Meeting Guidelines",
  "Net 2.0",
  "Operational Guidance",
  "Relocations & Decongestions",
  "Safety Audits",
  "Service Mapping",
  "Site Verifications",
  "Strategy and TOR",
] as const;

/** The pause between two Quick Setup creations (section 9). */
export const QUICK_SETUP_PAUSE_MS = 300;

export type QuickSetupStatus = "pending" | "creating" | "success" | "error";

export interface QuickSetupItem {
  name: string;
  status: QuickSetupStatus;
  /** For a success: the folder existed already (it counts as a success, section 4). */
  existed?: boolean;
}

/** The run's successes and failures; pending and creating count as neither. */
export function quickSetupCounts(items: readonly QuickSetupItem[]): { succeeded: number; failed: number } {
  return { succeeded: items.filter((i) => i.status === "success").length, failed: items.filter((i) => i.status === "error").length };
}

/**
 * The run's closing count in English: "11 succeeded, 0 failed" (tests and logs; pages show it in
 * their language with components/admin/content/messages.ts).
 */
export function quickSetupSummary(items: readonly QuickSetupItem[]): string {
  const { succeeded, failed } = quickSetupCounts(items);
  return `${succeeded} succeeded, ${failed} failed`;
}

export function isGuidanceFolder(name: string): boolean {
  return (GUIDANCE_FOLDERS as readonly string[]).includes(name);
}

/** Folder names are compared as people read them: trimmed, case-insensitively. */
export function sameFolderName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The folder upload form's categories (section 3), each stored in its canonical spelling. */
export const FOLDER_UPLOAD_CATEGORIES = ["REPORT", "POLICY", "GUIDELINE", "TRAINING", "TEMPLATE", "PRESENTATION"] as const;

export function folderCategory(value: string | null | undefined): Category | null {
  if (!value || !(FOLDER_UPLOAD_CATEGORIES as readonly string[]).includes(value.trim().toUpperCase())) return null;
  return canonicalCategory(value);
}

/** Bulk upload's accepted types (section 5). */
export const BULK_EXTENSIONS = ["pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "txt", "csv"] as const;
export const BULK_ACCEPT = BULK_EXTENSIONS.map((e) => `.${e}`).join(",");
/** 50MB: 52428800 bytes accepted, one more refused. */
export const BULK_MAX_BYTES = MAX_UPLOAD_BYTES;
/** Files one bulk request may carry (the form without JavaScript sends them all at once). */
export const BULK_MAX_FILES = 100;

/** In English, like DOCUMENT_MESSAGES: pages show them in their language (components/admin/content/messages.ts). */
export const FOLDER_MESSAGES = {
  fetchFailed: "Failed to fetch folders",
  createFailed: "Failed to create folder",
  deleteFailed: "Failed to delete folder",
  loadFailed: "Failed to load folder",
  guidanceFailed: "Failed to create guidance folders",
  noFiles: "No files selected",
  missingTitles: "Missing titles",
  invalidType: DOCUMENT_MESSAGES.invalidType,
  tooLarge: DOCUMENT_MESSAGES.tooLarge,
  missing: DOCUMENT_MESSAGES.missing,
  tooManyFiles: `Too many files: Please select at most ${BULK_MAX_FILES} files at a time`,
  recordFailed: "Upload failed: Failed to create document",
} as const;

/** The per-file message for a file the browser should not send, or null. */
export function checkBulkFile(file: { name: string; size: number }): string | null {
  const ext = extensionOf(file.name);
  if (!ext || !(BULK_EXTENSIONS as readonly string[]).includes(ext)) return FOLDER_MESSAGES.invalidType;
  if (file.size > BULK_MAX_BYTES) return FOLDER_MESSAGES.tooLarge;
  if (file.size === 0) return FOLDER_MESSAGES.missing;
  return null;
}

/** A file's title when none is given: its name without the extension, else the whole name. */
export function bulkTitle(fileName: string): string {
  return titleFromFileName(fileName) || fileName.trim();
}

/** One file's outcome of a bulk upload. */
export type BulkFileResult = { name: string; ok: true; documentId: string; title: string } | { name: string; ok: false; message: string };

const NAME_ORDER = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Names as people sort them, accents and case aside, the same on every database engine. */
export function compareNames(a: string, b: string): number {
  return NAME_ORDER.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Folder cards and a folder's document cards per page (the admin folder list and folder view), unless `?per=` says otherwise. */
export const FOLDER_CARDS_PER = CARD_PER;
/** The shared folder page's documents per page, unless `?per=` says otherwise. */
export const SHARED_FOLDER_PER = CARD_PER;
