import { Share2 } from "lucide-react";
import { toast } from "sonner";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";

export interface SharePageButtonProps {
  /** The page's address to copy (with its current search). */
  url: () => string;
  /** The success toast's description, e.g. "Reports page link copied to clipboard". */
  copiedDescription: string;
  className?: string;
}

/**
 * Copies the page's link (public-portal section 2: the list cards' share
 * button). Copying needs JavaScript, so the button is only rendered once the
 * page is hydrated; without it the address bar already holds the link.
 */
export function SharePageButton({ url, copiedDescription, className = "" }: SharePageButtonProps) {
  const hydrated = useHydrated();
  if (!hydrated) return null;

  async function share() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(url());
      toast.success("Link Copied", { description: copiedDescription });
    } catch {
      toast.error("Share failed", { description: "Unable to copy link to clipboard" });
    }
  }

  return (
    <button
      type="button"
      onClick={share}
      className={`${buttonClass.secondary} ${className}`.trim()}
      aria-label="Share: copy the link to this page"
    >
      <Share2 aria-hidden className="h-4 w-4" />
      Share
    </button>
  );
}
