import { useEffect } from "react";

/**
 * Offline, a link followed inside the page would ask for the next page's data and code, which the
 * device may not have (the router then stays where it is): the whole page is asked for instead,
 * which the service worker answers with its kept copy or the offline page (decision 0036).
 */
function loadWholePageWhenOffline(event: MouseEvent): void {
  if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target || link.hasAttribute("download"))
    return;
  event.preventDefault();
  event.stopPropagation();
  window.location.assign(link.href);
}

/**
 * Registers the service worker (/sw.js, decision 0036) from the public pages, once the page has
 * loaded, so that it never competes with the page's own requests. Only the built site has a
 * worker (the development server has none). The pages work the same without it.
 */
export function useOfflineWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    // Before the router's own listener (capture, on the window).
    window.addEventListener("click", loadWholePageWhenOffline, true);
    return () => window.removeEventListener("click", loadWholePageWhenOffline, true);
  }, []);
}
