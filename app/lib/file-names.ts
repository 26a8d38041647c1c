/**
 * The spec's download file-name rule (public-portal section 5): the title with
 * every character other than letters, digits, dot, underscore and hyphen
 * replaced by "_", plus an extension from file_ext, else file_path's, else
 * mapped from the MIME type, else "pdf".
 */
const MIME_EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-powerpoint": "ppt",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "text/plain": "txt",
  "text/csv": "csv",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "audio/mpeg": "mp3",
};

export function extensionOf(fileName: string | null | undefined): string | null {
  if (!fileName) return null;
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}

export function downloadExtension(doc: { file_ext?: string | null; file_path?: string | null; mime_type?: string | null }): string {
  const fromExt = doc.file_ext?.replace(/^\./, "").toLowerCase();
  if (fromExt) return fromExt;
  return extensionOf(doc.file_path) ?? (doc.mime_type ? MIME_EXTENSIONS[doc.mime_type.toLowerCase()] : undefined) ?? "pdf";
}

export function safeFileStem(title: string): string {
  // Letters and digits of any script count as letters (the rule keeps "Rapport_déplacés").
  const stem = title.trim().replace(/[^\p{L}\p{N}._-]/gu, "_");
  return stem || "document";
}

export function downloadFileName(doc: {
  title: string;
  file_ext?: string | null;
  file_path?: string | null;
  mime_type?: string | null;
}): string {
  const ext = downloadExtension(doc);
  const stem = safeFileStem(doc.title);
  return stem.toLowerCase().endsWith(`.${ext}`) ? stem : `${stem}.${ext}`;
}

/** Content-Disposition with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(kind: "attachment" | "inline", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A file's type as a card's placeholder shows it ("PDF", "DOCX"), or null without a file. */
export function fileTypeLabel(ext: string | null | undefined): string | null {
  const clean = ext?.replace(/^\./, "").trim();
  return clean ? clean.slice(0, 5).toUpperCase() : null;
}
