import { MOBILE_BREAKPOINT } from "~/lib/nav-fit";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * Whether the header's navigation bar really fits its row (components/layout/public-header.tsx):
 * the natural width of the ruler (an invisible copy of the site name and the bar) against the
 * row's content box, measured again whenever either changes size. The header's `data-nav` says
 * which; until it is set the server's estimated breakpoint decides (lib/nav-fit.ts). Under the
 * spec's 768 px the menu button is used whatever fits.
 */
export function enhanceNavFit(root: ParentNode): void {
  for (const header of unbound<HTMLElement>(root, "header[data-nav-header]", bound)) {
    const row = header.querySelector<HTMLElement>("[data-nav-row]");
    const ruler = header.querySelector<HTMLElement>("[data-nav-ruler]");
    if (!row || !ruler) continue;
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const measure = () => {
      const style = getComputedStyle(row);
      const room = row.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      header.dataset.nav = wide.matches && ruler.getBoundingClientRect().width <= room ? "inline" : "collapsed";
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    observer.observe(ruler);
    wide.addEventListener("change", measure);
  }
}
