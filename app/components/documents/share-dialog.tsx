import * as Dialog from "@radix-ui/react-dialog";
import { Copy, Share2, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { SHARE_TARGETS, type ShareInput, shareHref } from "~/lib/share";
import { buttonClass, dialogClass, inputClass, labelClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";

export interface ShareDialogProps {
  /** The absolute address to share. */
  url: string;
  title: string;
  className?: string;
}

/**
 * "Share Document" (public-portal section 2): the link with a copy button, an
 * optional recipient and message, and five share targets. With JavaScript it
 * is a Radix dialog (focus trap, Esc, focus returns to the button); without
 * it, a disclosure that reveals the link and the targets as plain links.
 */
export function ShareDialog({ url, title, className = "" }: ShareDialogProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <ShareDisclosure url={url} title={title} className={className} />;
  return (
    <Dialog.Root>
      <Dialog.Trigger className={`${buttonClass.secondary} ${className}`.trim()}>
        <Share2 aria-hidden className="h-4 w-4" />
        Share
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className={`${dialogClass} max-w-md`}>
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">Share Document</Dialog.Title>
            <Dialog.Close className={`${buttonClass.ghost} -mr-2 -mt-1 px-2`} aria-label="Close">
              <X aria-hidden className="h-4 w-4" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{title}</Dialog.Description>
          <ShareForm url={url} title={title} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ShareForm({ url, title }: { url: string; title: string }) {
  const ids = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const input: ShareInput = { url, title, email, message };

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(url);
      toast.success("Link copied", { description: "Document link copied to clipboard" });
    } catch {
      // Selecting the text leaves the visitor one keystroke from copying it themselves.
      linkRef.current?.select();
      toast.error("Copy failed", { description: "Please copy the URL manually" });
    }
  }

  return (
    <div className="mt-4 space-y-4">
      <div>
        <label htmlFor={`${ids}-link`} className={labelClass}>
          Document link
        </label>
        <div className="mt-1 flex gap-2">
          <input
            ref={linkRef}
            id={`${ids}-link`}
            type="url"
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <button type="button" onClick={copy} className={buttonClass.secondary}>
            <Copy aria-hidden className="h-4 w-4" />
            Copy
          </button>
        </div>
      </div>
      <div>
        <label htmlFor={`${ids}-email`} className={labelClass}>
          Email (optional)
        </label>
        <input
          id={`${ids}-email`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="recipient@example.org"
          autoComplete="email"
          className={`${inputClass} mt-1`}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-message`} className={labelClass}>
          Message (optional)
        </label>
        <textarea
          id={`${ids}-message`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          rows={3}
          className={`${inputClass} mt-1`}
        />
      </div>
      <ShareTargets
        input={input}
        onEmail={() => toast.success("Email opened", { description: "Your email client should open with the document link" })}
      />
    </div>
  );
}

/** The five targets as links: they work the same with or without JavaScript. */
function ShareTargets({ input, onEmail }: { input: ShareInput; onEmail?: () => void }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Share via">
      {SHARE_TARGETS.map(({ target, label }) => (
        <li key={target}>
          {target === "email" ? (
            <a href={shareHref(target, input)} onClick={onEmail} className={`${buttonClass.secondary} w-full`}>
              {label}
            </a>
          ) : (
            <a href={shareHref(target, input)} target="_blank" rel="noopener noreferrer" className={`${buttonClass.secondary} w-full`}>
              {label}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function ShareDisclosure({ url, title, className }: ShareDialogProps) {
  return (
    <details id="share" className="group relative">
      <summary className={`${buttonClass.secondary} cursor-pointer list-none [&::-webkit-details-marker]:hidden ${className}`.trim()}>
        <Share2 aria-hidden className="h-4 w-4" />
        Share
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-4 shadow-lg">
        <h2 className="text-lg font-semibold">Share Document</h2>
        <p className="mt-3 text-sm font-medium text-slate-800">Document link</p>
        <p className="mt-1 select-all break-all rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm">{url}</p>
        <div className="mt-4">
          <ShareTargets input={{ url, title }} />
        </div>
      </div>
    </details>
  );
}
