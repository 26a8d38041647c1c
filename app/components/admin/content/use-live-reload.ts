import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { type LiveMessage, useLiveEvents } from "../../live/live-events";

/** A burst of changes (a bulk upload) causes one reload. */
const DEBOUNCE_MS = 400;

/**
 * Reloads the page's data when a live event of the given kind arrives (admin-and-sharing
 * section 4: the documents list reloads on any change to documents), whoever made the change.
 */
export function useLiveReload(kind: "document" | "dashboard"): void {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = revalidate;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((message: LiveMessage) => {
    if (!message.type.startsWith(`${kind}.`)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void latest.current(), DEBOUNCE_MS);
  });
}
