import { BarChart3, BookOpen, FileText, Folder, Home, Info } from "lucide-react";
import type { MenuIcon as MenuIconName } from "~/lib/site";

const ICONS = {
  home: Home,
  "file-text": FileText,
  "book-open": BookOpen,
  folder: Folder,
  "bar-chart-3": BarChart3,
  info: Info,
} as const;

export function MenuIcon({ name, className }: { name: MenuIconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden className={className ?? "h-4 w-4"} />;
}
