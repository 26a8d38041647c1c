import { useLingui } from "@lingui/react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { type DocumentFacetsInput, EMPTY_FACETS_INPUT } from "~/lib/document-facets";
import { checkUploadFile, DOCUMENT_MESSAGES, titleFromFileName } from "~/lib/document-form";
import { DEFAULT_DOCUMENT_LANGUAGE } from "~/lib/document-language";
import type { ToastMessage } from "../../ui/use-toast-message";
import { FALLBACK_TITLES, localSplit } from "./messages";
import { sendUpload, stillSignedIn } from "./upload-transport";

export interface UploadFields extends DocumentFacetsInput {
  title: string;
  description: string;
  category: string;
  /** The document's language code (lib/document-language.ts). */
  language: string;
  tags: string;
  published: boolean;
}

export const EMPTY_UPLOAD: UploadFields = {
  title: "",
  description: "",
  category: "Other",
  language: DEFAULT_DOCUMENT_LANGUAGE,
  tags: "",
  published: true,
  ...EMPTY_FACETS_INPUT,
};

/**
 * The upload form's state and steps with JavaScript: choosing or dropping a file (checked at
 * once, the title pre-filled), and sending it with the progress of each stage.
 */
export function useUploadForm(initial: { message: ToastMessage; fields: UploadFields | null } | null) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<UploadFields>(initial?.fields ?? EMPTY_UPLOAD);
  const [message, setMessage] = useState<ToastMessage | null>(initial?.message ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  // The partner, sectors and locations boxes are uncontrolled; a new generation clears them.
  const [generation, setGeneration] = useState(0);
  const { revalidate } = useRevalidator();
  const { i18n } = useLingui();

  /** A message of the browser's checks in the page's language; the server's answers come in it already. */
  const toToast = (message: string | ToastMessage): ToastMessage =>
    typeof message === "string" ? { tone: "error", ...localSplit(message, i18n, FALLBACK_TITLES.uploadFailed) } : message;

  const set = <K extends keyof UploadFields>(key: K, value: UploadFields[K]) => setValues((v) => ({ ...v, [key]: value }));

  function fail(text: string | ToastMessage) {
    const shown = toToast(text);
    setProgress(null);
    setMessage(shown);
    toast.error(shown.title, { description: shown.description });
  }

  function clearFile() {
    if (fileRef.current) fileRef.current.value = "";
    setFileName(null);
  }

  function reset() {
    clearFile();
    setValues(EMPTY_UPLOAD);
    setGeneration((g) => g + 1);
    setMessage(null);
    setProgress(null);
  }

  function choose(file: File | undefined) {
    setProgress(null);
    if (!file) return setFileName(null);
    const refused = checkUploadFile(file);
    if (refused) {
      clearFile();
      return fail(refused);
    }
    setMessage(null);
    setFileName(file.name);
    // Only an empty title is filled in: the editor's own words win.
    setValues((v) => (v.title.trim() ? v : { ...v, title: titleFromFileName(file.name) }));
  }

  /** A dropped file becomes the file input's file, so the form sends it like a chosen one. */
  function drop(file: File | undefined) {
    if (!file || !fileRef.current) return;
    const one = new DataTransfer();
    one.items.add(file);
    fileRef.current.files = one.files;
    choose(file);
  }

  async function submit(form: HTMLFormElement) {
    if (busy) return;
    const file = fileRef.current?.files?.[0];
    if (!file || !values.title.trim()) return fail(DOCUMENT_MESSAGES.missing);
    const refused = checkUploadFile(file);
    if (refused) return fail(refused);
    const body = new FormData(form);
    setBusy(true);
    setMessage(null);
    setProgress(0);
    try {
      if (!(await stillSignedIn())) return fail(DOCUMENT_MESSAGES.notAuthenticated);
      setProgress(25);
      const answer = await sendUpload(body, setProgress);
      if (!answer.ok) return fail(answer.message);
      setProgress(100);
      clearFile();
      setValues(EMPTY_UPLOAD);
      setGeneration((g) => g + 1);
      setMessage(answer.message);
      toast.success(answer.message.title, { description: answer.message.description });
      void revalidate();
    } catch {
      fail(DOCUMENT_MESSAGES.uploadFailed);
    } finally {
      setBusy(false);
    }
  }

  return { fileRef, values, set, message, progress, busy, fileName, generation, choose, drop, submit, reset };
}
