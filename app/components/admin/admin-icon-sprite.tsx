import { FolderOpen, Globe, Link2, Lock, type LucideIcon, Mail, MessageCircle, Pencil, RefreshCw, Trash } from "lucide-react";
import { SpriteSymbols } from "../ui/icon-sprite";

/**
 * The admin sprite (see ui/icon-sprite.tsx): the icons the admin tables and folder cards draw
 * once per row or card (delete, edit, regenerate; e-mail, WhatsApp and the social links of a
 * folder's share disclosure; the folder, public and private badges). Share is in the public
 * sprite: the list cards draw it too. In its own module so the
 * public pages' JavaScript does not carry these icons either.
 */
const ADMIN_ICONS = {
  // lucide's Trash2 is an alias of Trash: the shape the delete buttons have always drawn.
  trash: Trash,
  pencil: Pencil,
  "folder-open": FolderOpen,
  "link-2": Link2,
  globe: Globe,
  lock: Lock,
  mail: Mail,
  "message-circle": MessageCircle,
  "refresh-cw": RefreshCw,
} as const satisfies Record<string, LucideIcon>;

export type AdminIconName = keyof typeof ADMIN_ICONS;

/** Rendered once by the admin layout (routes/admin/layout.tsx); the public sprite is in the root layout. */
export function AdminIconSprite() {
  return <SpriteSymbols icons={ADMIN_ICONS} />;
}
