import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

/** How long typing pauses before the URL (and the server's answer) follows. */
export const LIVE_SEARCH_DELAY_MS = 300;

/**
 * Live search over a server-rendered GET search form. The box is the source of
 * truth while the visitor types; after a pause the URL is replaced with `?q=`
 * and the server answers (a page in hand is not the whole result, so the
 * browser never filters it itself: decision 0015). The address stays shareable
 * and Back is not flooded with keystrokes.
 * `serverQ` is the query the shown list was loaded for; when it changes from
 * outside (Back, a submitted form) the box follows it.
 */
export function useLiveSearch(serverQ: string, hrefFor: (q: string) => string) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(serverQ);
  const sent = useRef(serverQ);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (serverQ === sent.current) return;
    sent.current = serverQ;
    setQuery(serverQ);
  }, [serverQ]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function onChange(value: string) {
    setQuery(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const q = value.trim();
      if (q === sent.current) return;
      sent.current = q;
      void navigate(hrefFor(q), { replace: true, preventScrollReset: true });
    }, LIVE_SEARCH_DELAY_MS);
  }

  /** A submitted form navigates by itself; a pending live update would only repeat it. */
  function onSubmit() {
    window.clearTimeout(timer.current);
    sent.current = query.trim();
  }

  return { query, onChange, onSubmit };
}
