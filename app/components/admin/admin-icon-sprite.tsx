import {
  Activity,
  ArrowLeft,
  Database,
  FlaskConical,
  FolderOpen,
  Globe,
  KeyRound,
  LayoutDashboard,
  Link2,
  Lock,
  LogOut,
  type LucideIcon,
  Mail,
  MessageCircle,
  Pencil,
  RefreshCw,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Smartphone,
  Trash,
  Users,
} from "lucide-react";
import { SpriteSymbols } from "../ui/icon-sprite";

/**
 * The admin sprite (see ui/icon-sprite.tsx): the icons the admin tables and folder cards draw
 * once per row or card (delete, edit, regenerate; e-mail, WhatsApp and the social links of a
 * folder's share disclosure; the folder, public and private badges), and the admin frame's menu
 * and header (admin-shell.tsx). Share is in the public sprite: the list cards draw it too.
 * Drawn by the server only, like the public one (app/entry.server.tsx): no page's JavaScript
 * carries these icons.
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
  // The admin frame (admin-shell.tsx).
  "layout-dashboard": LayoutDashboard,
  users: Users,
  activity: Activity,
  "flask-conical": FlaskConical,
  settings: Settings,
  database: Database,
  "shield-check": ShieldCheck,
  "scroll-text": ScrollText,
  "arrow-left": ArrowLeft,
  "shield-alert": ShieldAlert,
  "key-round": KeyRound,
  smartphone: Smartphone,
  "log-out": LogOut,
} as const satisfies Record<string, LucideIcon>;

export type AdminIconName = keyof typeof ADMIN_ICONS;

/** Drawn once per process by app/entry.server.tsx into every hydrated page's sprite (ui/page-sprite.tsx). */
export function AdminIconSprite() {
  return <SpriteSymbols icons={ADMIN_ICONS} />;
}
