import type { MenuIcon as MenuIconName } from "~/lib/site";
import { SpriteIcon } from "../ui/icon-sprite";

/** A menu item's icon: drawn from the page's sprite, as the header and side menu show each one twice. */
export function MenuIcon({ name, className }: { name: MenuIconName; className?: string }) {
  return <SpriteIcon name={name} className={className ?? "h-4 w-4"} />;
}
