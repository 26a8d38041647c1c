import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { type LiveMessage, useLiveEvents } from "../../live/live-events";

/** A burst of changes (a bulk upload, Quick Setup) causes one reload. */
const DEBOUNCE_MS = 400;

/**
 * The folder screens reload their data when a folder or a document changes, whoever changed it
 * (counts, cards and share links stay current while several editors work).
 */
export function useFolderLiveReload(): void {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = revalidate;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((message: LiveMessage) => {
    if (!message.type.startsWith("folder.") && !message.type.startsWith("document.")) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void latest.current(), DEBOUNCE_MS);
  });
}
