/**
 * Registers the service worker (/sw.js, decision 0036) once the page has loaded, so that it never
 * competes with the page's own requests: pages a reader opened stay readable offline. Only the
 * built site has a worker (the development server has none). The pages work the same without it.
 */
export function startOfflineWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
