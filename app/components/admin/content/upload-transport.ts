import { uploadPercent } from "~/lib/document-form";
import type { ToastMessage } from "../../ui/use-toast-message";

/** The documents page's action, which answers JSON when asked (routes/admin/documents.tsx). */
export const UPLOAD_URL = "/admin/documents";

export interface UploadAnswer {
  ok: boolean;
  message: ToastMessage;
}

function parseAnswer(value: unknown): UploadAnswer | null {
  if (typeof value !== "object" || value === null) return null;
  const { ok, message } = value as { ok?: unknown; message?: Partial<ToastMessage> };
  if (typeof ok !== "boolean" || typeof message?.title !== "string") return null;
  return { ok, message: { tone: ok ? "success" : "error", title: message.title, description: message.description } };
}

/** The "auth check" stage: is this browser still signed in to the admin portal? */
export async function stillSignedIn(): Promise<boolean> {
  const response = await fetch("/admin/session", {
    headers: { Accept: "application/json" },
    cache: "no-store",
    credentials: "same-origin",
  });
  if (!response.ok) return false;
  const body = (await response.json()) as { authenticated?: unknown };
  return body.authenticated === true;
}

/**
 * Sends the upload form with XMLHttpRequest, whose upload events count the bytes really sent
 * (fetch cannot report upload progress): 25-75 % while the body goes out, 75 % once all of it is
 * sent and the server is storing and recording it. Rejects on a network failure or an answer
 * that is not the action's JSON.
 */
export function sendUpload(body: FormData, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(uploadPercent(event.loaded, event.total));
    };
    xhr.upload.onload = () => onProgress(75);
    xhr.onload = () => {
      const answer = parseAnswer(xhr.response);
      if (answer) resolve(answer);
      else reject(new Error(`Unexpected upload answer (HTTP ${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error("The upload could not reach the server"));
    xhr.onabort = () => reject(new Error("The upload was cancelled"));
    xhr.send(body);
  });
}
