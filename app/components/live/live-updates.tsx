import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { type LiveMessage, useLiveEvents } from "./live-events";
import { newDocumentNotification, newDocumentTitle, notificationsReducer, publishedMessage } from "./notifications";
import { NotificationsPanel } from "./notifications-panel";

/** Several changes in a burst (a bulk upload) cause one reload. */
const REVALIDATE_DEBOUNCE_MS = 500;
/** Events that change what a page shows (not, for example, the self-test's ping). */
const RELOADING = ["document.", "dashboard.", "folder.", "settings."];

/**
 * Live updates for the public pages (public-portal section 4): a toast and a
 * "Recent Updates" entry when a document is published, and a reload of the
 * page's data (library, latest publications, dashboards) on any change.
 * Renders nothing until a notification arrives, so the server HTML (and a
 * page without JavaScript) has no panel. Not `enabled` (data-saver mode,
 * decision 0030), it opens no stream, and closes the one it had.
 */
export function LiveUpdates({ enabled = true }: { enabled?: boolean }) {
  const { i18n } = useLingui();
  const [notifications, dispatch] = useReducer(notificationsReducer, []);
  const [open, setOpen] = useState(false);
  const revalidateSoon = useDebouncedRevalidate();

  useLiveEvents((message: LiveMessage) => {
    if (message.type === "document.published") {
      const { id, title } = message.data;
      toast(newDocumentTitle(i18n), { description: publishedMessage(title, i18n) });
      dispatch({ type: "add", notification: newDocumentNotification({ id, title }, Date.now(), i18n) });
      setOpen(true);
    }
    if (RELOADING.some((prefix) => message.type.startsWith(prefix))) revalidateSoon();
  }, enabled);

  if (!open || notifications.length === 0) return null;
  return (
    <NotificationsPanel
      notifications={notifications}
      onDismiss={(id) => dispatch({ type: "dismiss", id })}
      onClear={() => dispatch({ type: "clear" })}
      onClose={() => setOpen(false)}
    />
  );
}

/**
 * Reloads the page's loaders shortly after the last call. In a background
 * tab the reload waits until the tab is visible again: no bytes spent on a
 * page nobody is looking at.
 */
function useDebouncedRevalidate(): () => void {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);
  useEffect(() => {
    revalidateRef.current = revalidate;
  });

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== "visible" || !pending.current) return;
      pending.current = false;
      void revalidateRef.current();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      clearTimeout(timer.current);
    };
  }, []);

  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (document.visibilityState === "visible") void revalidateRef.current();
      else pending.current = true;
    }, REVALIDATE_DEBOUNCE_MS);
  }, []);
}
