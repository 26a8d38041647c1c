import { Trans } from "@lingui/react/macro";
import { RefreshCw } from "lucide-react";
import { useRevalidator } from "react-router";
import { buttonClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";

/** Refresh: reloads the page's data in place with JavaScript; without it, a link to the page itself. */
export function RefreshButton({ href }: { href: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  if (!hydrated) {
    return (
      <a href={href} className={buttonClass.secondary}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        <Trans>Refresh</Trans>
      </a>
    );
  }
  return (
    <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => void revalidator.revalidate()}>
      <RefreshCw aria-hidden className={`h-4 w-4 ${busy ? "animate-spin" : ""}`} />
      <Trans>Refresh</Trans>
    </button>
  );
}
