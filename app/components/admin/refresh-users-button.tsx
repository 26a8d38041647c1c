import { Trans, useLingui } from "@lingui/react/macro";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";

/**
 * Refresh: with JavaScript it reloads the page's data in place and says
 * "Users loaded"; without it, a link to the same page (`href`, the page of the table shown) does the same.
 */
export function RefreshUsersButton({ failed, href = "/admin/users" }: { failed: boolean; href?: string }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [waiting, setWaiting] = useState(false);
  // The latest load's outcome, read once the reload settles.
  const failedRef = useRef(failed);
  failedRef.current = failed;
  const busy = waiting || revalidator.state === "loading";

  useEffect(() => {
    if (!waiting || revalidator.state !== "idle") return;
    setWaiting(false);
    if (!failedRef.current) toast.success(t`Users loaded`);
  }, [waiting, revalidator.state, t]);

  if (!hydrated) {
    return (
      <a href={href} className={buttonClass.secondary}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        <Trans>Refresh</Trans>
      </a>
    );
  }
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={busy}
      onClick={async () => {
        await revalidator.revalidate();
        setWaiting(true);
      }}
    >
      <RefreshCw aria-hidden className={`h-4 w-4 ${busy ? "animate-spin" : ""}`} />
      <Trans>Refresh</Trans>
    </button>
  );
}
