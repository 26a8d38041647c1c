/**
 * Which files may be uploaded, checked twice: by the name's extension and by
 * the first bytes of the content, so a renamed executable is refused
 * (OWASP file-upload guidance). Lists from admin-and-sharing section 5.
 */

import { ATTACHMENT_EXTENSIONS, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from "~/lib/document-form";
import { BULK_EXTENSIONS } from "~/lib/folders";

// The lists and the limit live in app/lib, where the browser checks a file before sending it;
// the server enforces the very same values (and, below, the content).
export { MAX_UPLOAD_BYTES };
/** The single-document upload form's types. */
export const DOCUMENT_UPLOAD_TYPES = UPLOAD_EXTENSIONS;
/** Bulk upload's types. */
export const BULK_UPLOAD_TYPES = BULK_EXTENSIONS;
/** A document's attachments: every type of either upload. */
export const ATTACHMENT_UPLOAD_TYPES = ATTACHMENT_EXTENSIONS;

type Signature = (head: Uint8Array) => boolean;

const startsWith =
  (...bytes: number[]): Signature =>
  (head) =>
    head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

const PDF = startsWith(0x25, 0x50, 0x44, 0x46, 0x2d); // "%PDF-"
const OLE = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1); // legacy Office
const ZIP = startsWith(0x50, 0x4b, 0x03, 0x04); // OOXML containers
const JPEG = startsWith(0xff, 0xd8, 0xff);
const PNG = startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const GIF: Signature = (head) =>
  startsWith(0x47, 0x49, 0x46, 0x38, 0x37, 0x61)(head) || startsWith(0x47, 0x49, 0x46, 0x38, 0x39, 0x61)(head);
/** "RIFF", a 4-byte length, then "WEBP". */
const WEBP: Signature = (head) =>
  startsWith(0x52, 0x49, 0x46, 0x46)(head) && head.length >= 12 && String.fromCharCode(...head.subarray(8, 12)) === "WEBP";
/** Text: no NUL bytes and valid UTF-8 (a truncated last character is allowed). */
const TEXT: Signature = (head) => {
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
};

const SIGNATURES: Record<string, Signature> = {
  pdf: PDF,
  doc: OLE,
  xls: OLE,
  ppt: OLE,
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  txt: TEXT,
  csv: TEXT,
  jpg: JPEG,
  jpeg: JPEG,
  png: PNG,
  gif: GIF,
  webp: WEBP,
};

/** How many leading bytes the content check needs. */
export const SNIFF_BYTES = 4096;

export function contentMatchesExtension(ext: string, head: Uint8Array): boolean {
  const check = SIGNATURES[ext];
  return !!check && head.length > 0 && check(head);
}
