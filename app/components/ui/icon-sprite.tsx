import { BarChart3, BookOpen, Calendar, Download, Eye, FileText, Folder, HardDrive, Home, Info, type LucideIcon } from "lucide-react";

/**
 * Icons drawn many times on one page (the menu's, in the header and the side menu; the cards'
 * actions and facts) are defined once, in a hidden sprite at the top of the body, and each use
 * is a short reference to it. An inline lucide icon is ~400 bytes of server-rendered HTML; a
 * reference is ~60, and the list pages draw some ninety of them. Icons drawn once or only after
 * hydration stay plain lucide components: a sprite entry would cost more than it saves.
 */
const SPRITE = {
  home: Home,
  "file-text": FileText,
  "book-open": BookOpen,
  folder: Folder,
  "bar-chart-3": BarChart3,
  info: Info,
  eye: Eye,
  download: Download,
  calendar: Calendar,
  "hard-drive": HardDrive,
} as const satisfies Record<string, LucideIcon>;

export type SpriteIconName = keyof typeof SPRITE;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/**
 * Every sprite icon as a <symbol>, rendered once per page (root layout). Each symbol holds the
 * lucide component itself, so the shapes and stroke settings stay lucide's own. Hidden with
 * display:none: the symbols still draw where they are used.
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" className="hidden">
      {(Object.keys(SPRITE) as SpriteIconName[]).map((name) => {
        const Icon = SPRITE[name];
        return (
          <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        );
      })}
    </svg>
  );
}

/** A sprite icon, decorative (aria-hidden) like every icon beside a text; `className` sizes it. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
