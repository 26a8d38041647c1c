import type { DocumentFacetsInput } from "~/lib/document-facets";
import type { BulkFileResult } from "~/lib/folders";

/** The bulk upload page's action, which answers JSON when asked (routes/admin/folders-bulk-upload.tsx). */
export const BULK_UPLOAD_HREF = "/admin/folders/bulk-upload";

export interface BulkSettings extends DocumentFacetsInput {
  folderId: string;
  category: string;
  /** The language every file is written in (lib/document-language.ts). */
  language: string;
  published: boolean;
}

export type OneFileAnswer = { ok: true; result: BulkFileResult } | { ok: false; message: string };

function parse(value: unknown, name: string): OneFileAnswer | null {
  if (typeof value !== "object" || value === null) return null;
  const body = value as { ok?: unknown; message?: unknown; results?: unknown };
  if (body.ok === false && typeof body.message === "string") return { ok: false, message: body.message };
  if (body.ok !== true || !Array.isArray(body.results)) return null;
  const result = (body.results as BulkFileResult[]).find((r) => r.name === name) ?? (body.results[0] as BulkFileResult | undefined);
  return result ? { ok: true, result } : null;
}

/**
 * Sends one file with its title by XMLHttpRequest, whose upload events count the bytes really
 * sent (fetch cannot report upload progress): 0-95 % while the body goes out, 100 % once the
 * server has stored and recorded it. Rejects on a network failure or an unexpected answer.
 */
export function sendOneFile(
  file: File,
  title: string,
  settings: BulkSettings,
  onProgress: (percent: number) => void,
): Promise<OneFileAnswer> {
  const body = new FormData();
  body.set("folderId", settings.folderId);
  body.set("category", settings.category);
  body.set("language", settings.language);
  if (settings.published) body.set("published", "true");
  body.set("partner", settings.partner);
  for (const sector of settings.sectors) body.append("sectors", sector);
  for (const location of settings.locations) body.append("locations", location);
  body.set("title", title);
  body.set("files", file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", BULK_UPLOAD_HREF);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((95 * event.loaded) / event.total));
    };
    xhr.onload = () => {
      const answer = parse(xhr.response, file.name);
      if (!answer) return reject(new Error(`Unexpected upload answer (HTTP ${xhr.status})`));
      onProgress(100);
      resolve(answer);
    };
    xhr.onerror = () => reject(new Error("The upload could not reach the server"));
    xhr.onabort = () => reject(new Error("The upload was cancelled"));
    xhr.send(body);
  });
}
