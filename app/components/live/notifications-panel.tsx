import { Trans, useLingui } from "@lingui/react/macro";
import { Bell, X } from "lucide";
import { useRef } from "react";
import { Link } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass } from "../ui/styles";
import { type LiveNotification, showClearAll } from "./notifications";

interface PanelProps {
  notifications: LiveNotification[];
  onDismiss: (id: string) => void;
  onClear: () => void;
  onClose: () => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/** The floating "Recent Updates" panel (public-portal section 2). Fits a 360 px screen: full width minus margins there. */
export function NotificationsPanel({ notifications, onDismiss, onClear, onClose }: PanelProps) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that had focus disappears: keep keyboard users inside the panel.
  const thenFocusHeading = (action: () => void) => () => {
    action();
    heading.current?.focus();
  };
  return (
    <section
      aria-label={t`Recent Updates`}
      aria-live="polite"
      aria-relevant="additions"
      className="fixed inset-x-3 bottom-3 z-40 flex max-h-[60vh] flex-col rounded-lg border border-slate-200 bg-white shadow-lg sm:left-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-sm font-semibold focus:outline-none">
          <LineIcon name="bell" icon={Bell} className="h-4 w-4 text-brand-700" />
          <Trans>Recent Updates</Trans>
          <span className="rounded-full bg-brand-100 px-2 text-xs font-medium text-brand-800">{notifications.length}</span>
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded p-1 text-slate-600 hover:bg-slate-100"
          aria-label={t`Close Recent Updates`}
        >
          <LineIcon name="x" icon={X} className="h-4 w-4" />
        </button>
      </div>
      <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto">
        {notifications.map((n) => {
          const message = n.message;
          return (
            <li key={n.id} className="flex items-start gap-2 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold">{n.title}</p>
                <p className="break-words text-sm text-slate-700">{n.message}</p>
                <div className="mt-1 flex items-center gap-3 text-xs text-slate-600">
                  <time dateTime={new Date(n.timestamp).toISOString()}>{timeFormat.format(n.timestamp)}</time>
                  <Link to={n.action.url} className="font-medium text-brand-700 hover:underline">
                    {n.action.label}
                    <span className="sr-only">: {n.message}</span>
                  </Link>
                </div>
              </div>
              <button
                type="button"
                onClick={thenFocusHeading(() => onDismiss(n.id))}
                className="rounded p-1 text-slate-600 hover:bg-slate-100"
                aria-label={t`Dismiss notification: ${message}`}
              >
                <LineIcon name="x" icon={X} className="h-4 w-4" />
              </button>
            </li>
          );
        })}
      </ul>
      {showClearAll(notifications) ? (
        <div className="border-t border-slate-200 px-4 py-2">
          <button type="button" onClick={thenFocusHeading(onClear)} className={`${buttonClass.ghost} w-full`}>
            <Trans>Clear All Notifications</Trans>
          </button>
        </div>
      ) : null}
    </section>
  );
}
