import { openLiveEvents } from "./live-events";
import { NotificationsPanel } from "./notifications";
import { refreshPage } from "./page-refresh";
import { toast } from "./toast";

/** Several changes in a burst (a bulk upload) cause one refresh. */
const REFRESH_DEBOUNCE_MS = 500;
/** Events that change what a page shows (not, for example, the self-test's ping). */
const REFRESHING = ["document.", "dashboard.", "folder.", "settings."];

/**
 * Live updates on a page that does not hydrate (public-portal section 4, decision 0038): a toast
 * and a "Recent Updates" entry when a document is published, and the page's content refreshed
 * (page-refresh.ts) on any change. Only when the page carries the template
 * (components/live/live-updates-template.tsx) and it is on: in data-saver mode it is off, and no
 * stream is opened (decision 0030). In a background tab the refresh waits until the tab is visible.
 */
let close: (() => void) | null = null;

/** Opens or closes the stream as data-saver mode ends or begins (enhance/data-saver.ts). */
export function setLiveUpdates(enabled: boolean): void {
  const template = document.querySelector<HTMLTemplateElement>("template[data-live-updates]");
  if (template) template.dataset.liveUpdates = enabled ? "on" : "off";
  if (enabled) startLiveUpdates();
  else {
    close?.();
    close = null;
  }
}

export function startLiveUpdates(): void {
  const template = document.querySelector<HTMLTemplateElement>("template[data-live-updates=on]");
  if (!template || close) return;
  const texts = template.dataset;
  const panel = new NotificationsPanel(template);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const refreshSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (document.visibilityState === "visible") void refreshPage();
      else pending = true;
    }, REFRESH_DEBOUNCE_MS);
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !pending) return;
    pending = false;
    void refreshPage();
  });

  close = openLiveEvents((message) => {
    if (message.type === "document.published") {
      const { id, title } = message.data;
      const heading = texts.title ?? "";
      const text = (texts.message ?? "").replace("{title}", () => title);
      toast(heading, { description: text });
      panel.add({
        id: `document.published:${id}`,
        type: "document.published",
        title: heading,
        message: text,
        timestamp: Date.now(),
        action: { label: texts.view ?? "", url: `/document/${encodeURIComponent(id)}` },
      });
    }
    if (REFRESHING.some((prefix) => message.type.startsWith(prefix))) refreshSoon();
  });
}
