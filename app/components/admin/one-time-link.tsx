import { Trans, useLingui } from "@lingui/react/macro";
import { Copy } from "lucide-react";
import { useRef } from "react";
import { copyText } from "~/components/ui/copy-button";
import { buttonClass, inputClass, labelClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";

/**
 * A one-time link for one person (an invitation's set-password link, a password reset link),
 * shown once for the admin to copy and send: there is no mail server. Selected on focus, so it
 * can be copied without JavaScript too.
 */
/** `label` is translated by the caller. */
export function OneTimeLink({ id, label, link, expiresAt }: { id: string; label: string; link: string; expiresAt: string }) {
  const { i18n } = useLingui();
  const hydrated = useHydrated();
  const expires = `${expiresAt.slice(0, 10)} ${expiresAt.slice(11, 16)} UTC`;
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={field}
          id={id}
          type="text"
          readOnly
          value={link}
          className={`${inputClass} font-mono text-xs`}
          onFocus={(e) => e.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" onClick={() => void copyText(link, i18n, field.current)} className={buttonClass.secondary}>
            <Copy aria-hidden className="h-4 w-4" />
            <Trans>Copy</Trans>
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-600">
        <Trans>It works once and expires on {expires}. Anyone with the link can set the password, so send it only to this person.</Trans>
      </p>
    </div>
  );
}
