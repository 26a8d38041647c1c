/**
 * Which reader a file goes to: its declared extension (or its MIME type when the name has none),
 * confirmed by its first bytes with the upload check's own signatures, so a ".docx" that is a PDF
 * or random bytes is named for what it is rather than handed to the wrong parser.
 */

import { contentMatchesExtension, SNIFF_BYTES } from "~/.server/uploads/file-types";
import { extensionOf } from "~/lib/file-names";
import { mimeForExtension } from "~/lib/mime";
import { FAILURE_REASONS, type FileKind, ReadFailure } from "./result";

const KIND_BY_EXTENSION: Record<string, FileKind> = {
  pdf: "pdf",
  docx: "docx",
  xlsx: "xlsx",
  pptx: "pptx",
  txt: "text",
  csv: "text",
  jpg: "image",
  jpeg: "image",
  png: "image",
  gif: "image",
  webp: "image",
};

/** What the caller says the file is: its stored name or extension, and the MIME type it came with. */
export type DeclaredType = { name?: string | null; ext?: string | null; mime?: string | null };

/** The declared extension, lower case: `ext`, else the name's, else the one of a known MIME type. */
export function declaredExtension(declared: DeclaredType): string | null {
  const ext = declared.ext?.replace(/^\./, "").toLowerCase() || extensionOf(declared.name);
  if (ext) return ext;
  const mime = declared.mime?.split(";")[0]?.trim().toLowerCase();
  if (!mime) return null;
  return Object.keys(KIND_BY_EXTENSION).find((candidate) => mimeForExtension(candidate) === mime) ?? null;
}

/** The OLE2 compound file signature: legacy Office files, and Office files encrypted with a password. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream a password-protected DOCX/XLSX/PPTX keeps its zip in (MS-OFFCRYPTO), as UTF-16LE. */
const ENCRYPTED_PACKAGE = Buffer.from("EncryptedPackage", "utf16le");

/** Throws "Unsupported file type" or "Content does not match its extension"; returns the reader's kind. */
export function identify(ext: string | null, bytes: Uint8Array): FileKind {
  const kind = ext ? KIND_BY_EXTENSION[ext] : undefined;
  if (!ext || !kind) throw new ReadFailure(FAILURE_REASONS.unsupported, `no reader for ${ext ? `.${ext}` : "a file without extension"}`);
  if (contentMatchesExtension(ext, bytes.subarray(0, SNIFF_BYTES))) return kind;
  if ((kind === "docx" || kind === "xlsx" || kind === "pptx") && OLE.every((b, i) => bytes[i] === b)) {
    // Word, Excel and PowerPoint save a file with a password as an OLE container around the
    // encrypted zip; without one, an OLE file named .docx is a legacy .doc renamed.
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(ENCRYPTED_PACKAGE))
      throw new ReadFailure(FAILURE_REASONS.encryptedOffice, "OLE container with an EncryptedPackage stream");
  }
  throw new ReadFailure(FAILURE_REASONS.mismatch, `the first bytes are not those of a .${ext} file`);
}

/**
 * The folder every file of an Office kind keeps its parts in (ECMA-376 names them so; the main
 * part's own name varies between producers): a zip without it is some other zip, or another kind.
 */
const OFFICE_FOLDER: Record<"docx" | "xlsx" | "pptx", string> = { docx: "word/", xlsx: "xl/", pptx: "ppt/" };

export function requireOfficeFolder(kind: "docx" | "xlsx" | "pptx", names: string[]): void {
  const folder = OFFICE_FOLDER[kind];
  if (!names.some((name) => name.startsWith(folder)))
    throw new ReadFailure(FAILURE_REASONS.mismatch, `a zip without the ${folder} folder of a .${kind} file`);
}
