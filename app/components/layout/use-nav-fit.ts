import { type RefObject, useLayoutEffect, useState } from "react";
import { MOBILE_BREAKPOINT } from "~/lib/nav-fit";

export type NavFit = "inline" | "collapsed";

/**
 * Whether the navigation bar really fits its row: the natural width of the ruler (an invisible
 * copy of the site name and the bar) against the row's content box, re-measured whenever either
 * changes size (a resized window, an edited menu). Null until measured (the server render's
 * breakpoint decides until then). Under the spec's 768 px the menu button is used whatever fits.
 */
export function useNavFit(rowRef: RefObject<HTMLElement | null>, rulerRef: RefObject<HTMLElement | null>): NavFit | null {
  const [fit, setFit] = useState<NavFit | null>(null);
  useLayoutEffect(() => {
    const row = rowRef.current;
    const ruler = rulerRef.current;
    if (!row || !ruler) return;
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const measure = () => {
      const style = getComputedStyle(row);
      const room = row.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      setFit(wide.matches && ruler.getBoundingClientRect().width <= room ? "inline" : "collapsed");
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    observer.observe(ruler);
    wide.addEventListener("change", measure);
    return () => {
      observer.disconnect();
      wide.removeEventListener("change", measure);
    };
  }, [rowRef, rulerRef]);
  return fit;
}
