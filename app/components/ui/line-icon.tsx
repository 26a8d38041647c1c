import type { IconNode } from "lucide";
import { createElement } from "react";

/**
 * An icon that a public page draws itself (the ones it draws many times come from the sprite:
 * ui/icon-sprite.tsx). The shapes are lucide's, as plain data from the `lucide` package (one
 * constant per icon, nothing else comes along); the <svg> around them carries lucide's own
 * attributes and classes, so the markup is what lucide-react would render. lucide-react's
 * components would bring its runtime (createLucideIcon, Icon and their helpers, ~2 KB brotli)
 * into every public page, and each icon module its call to it; here each icon is only its data.
 * Admin pages keep lucide-react (their JavaScript has no budget).
 *
 * `name` is lucide's name of the icon (its `lucide-<name>` class). Decorative (aria-hidden), like
 * every icon the pages draw: each stands beside a text or inside a labelled control.
 */
export function LineIcon({ name, icon, className }: { name: string; icon: IconNode; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden="true"
    >
      {/* A fixed list: its position is its key. */}
      {icon.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
    </svg>
  );
}
