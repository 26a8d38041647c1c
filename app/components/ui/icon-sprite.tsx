import {
  BarChart3,
  BookOpen,
  Calendar,
  Download,
  Eye,
  FileText,
  Folder,
  HardDrive,
  Home,
  Info,
  type LucideIcon,
  Share2,
} from "lucide-react";
import type { AdminIconName } from "../admin/admin-icon-sprite";

/**
 * Icons drawn many times on one page (the menu's, in the header and the side menu; the cards'
 * actions and facts; the admin tables' row actions) are defined once, in a hidden sprite at the
 * top of the body, and each use is a short reference to it. An inline lucide icon is ~400 bytes
 * of server-rendered HTML; a reference is ~60, and the list pages draw some ninety of them, the
 * admin tables two or three per row. Icons drawn once or only after hydration are drawn inline:
 * a sprite entry would cost more than it saves; except the admin frame's, on every admin page,
 * which the sprite saves the server drawing on each request. On public pages and in the components they share
 * with admin pages that is LineIcon (ui/line-icon.tsx, lucide's shapes without lucide-react's
 * runtime); admin-only components use lucide-react's components.
 *
 * Two sprites, one implementation (SpriteSymbols below), so a page carries only what it may use:
 * - the public one (IconSprite, this file), drawn by the server into every page (ui/page-sprite.tsx,
 *   so the browser loads neither these lucide-react icons nor its runtime for them): the menu's
 *   and the cards' icons (share among them: up to 100 cards a list page), which the admin tables
 *   use too (download, file-text, eye, share-2);
 * - the admin one (AdminIconSprite, admin/admin-icon-sprite.tsx), drawn the same way into every
 *   page that hydrates (every admin page, the sign-in pages included): the row actions and badges
 *   of the admin tables and folder cards, and the admin frame's menu. Public pages pay for it
 *   neither in HTML nor in JavaScript, so its names may only be drawn by components of hydrated
 *   pages.
 * A name belongs to one sprite only: the symbols' ids must be unique in the page.
 */
const PUBLIC_ICONS = {
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
  "share-2": Share2,
} as const satisfies Record<string, LucideIcon>;

export type PublicIconName = keyof typeof PUBLIC_ICONS;
/** A name of either sprite; the admin ones draw only on pages that hydrate. */
export type SpriteIconName = PublicIconName | AdminIconName;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/**
 * A sprite: every icon of `icons` as a <symbol>, rendered once per page. Each symbol holds the
 * lucide component itself, so the shapes and stroke settings stay lucide's own. Hidden with
 * display:none: the symbols still draw where they are used.
 */
export function SpriteSymbols<Name extends SpriteIconName>({ icons }: { icons: Record<Name, LucideIcon> }) {
  return (
    <svg aria-hidden="true" className="hidden">
      {(Object.keys(icons) as Name[]).map((name) => {
        const Icon: LucideIcon = icons[name];
        return (
          <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        );
      })}
    </svg>
  );
}

/** The public sprite: drawn once by the server into every page (ui/page-sprite.tsx), never in a browser. */
export function IconSprite() {
  return <SpriteSymbols icons={PUBLIC_ICONS} />;
}

/** A sprite icon, decorative (aria-hidden) like every icon beside a text; `className` sizes it. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
