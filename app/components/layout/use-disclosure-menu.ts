import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Menu behaviour for a <details> disclosure (which opens and closes without JavaScript): with
 * JavaScript it also closes when a link in it is chosen or the page changes (client navigation
 * keeps the header mounted, so it would stay open over the new page), on Escape (focus returns to
 * its button) and on a click elsewhere.
 */
export function useDisclosureMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  const close = useCallback((focusButton: boolean) => {
    const details = ref.current;
    if (!details?.open) return false;
    details.open = false;
    if (focusButton) details.querySelector("summary")?.focus();
    return true;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new location, back and forward included
  useEffect(() => {
    close(false);
  }, [location.key, close]);

  useEffect(() => {
    const details = ref.current;
    // A chosen link closes the menu at once, not only when the next page has loaded.
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest("nav a")) close(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details && !details.contains(event.target as Node)) close(false);
    };
    details?.addEventListener("click", onClick);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      details?.removeEventListener("click", onClick);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [close]);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === "Escape" && close(true)) event.preventDefault();
  };
  return { ref, onKeyDown };
}
