import { Trans, useLingui } from "@lingui/react/macro";
import * as Dialog from "@radix-ui/react-dialog";
import { Copy, X } from "lucide";
import { type RefObject, useId, useRef, useState } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import { toast } from "~/components/ui/toast";
import type { ShareInput } from "~/lib/share";
import { buttonClass, dialogClass, inputClass, labelClass } from "../ui/styles";
import { ShareTargets } from "./share-targets";

interface ShareDialogContentProps {
  url: string;
  title: string;
  onClose: () => void;
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The open "Share Document" dialog (share-dialog.tsx loads it with the first press of Share). */
export default function ShareDialogContent({ url, title, onClose, trigger }: ShareDialogContentProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={`${dialogClass} max-w-md`}
          // Radix returns focus to its own trigger; this dialog's trigger is a plain button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">
              <Trans>Share Document</Trans>
            </Dialog.Title>
            <Dialog.Close className={`${buttonClass.ghost} -mr-2 -mt-1 px-2`} aria-label={t`Close`}>
              <LineIcon name="x" icon={X} className="h-4 w-4" />
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
  const { t } = useLingui();
  const ids = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const input: ShareInput = { url, title, email, message };

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(url);
      toast.success(t`Link copied`, { description: t`Document link copied to clipboard` });
    } catch {
      // Selecting the text leaves the visitor one keystroke from copying it themselves.
      linkRef.current?.select();
      toast.error(t`Copy failed`, { description: t`Please copy the URL manually` });
    }
  }

  return (
    <div className="mt-4 space-y-4">
      <div>
        <label htmlFor={`${ids}-link`} className={labelClass}>
          <Trans>Document link</Trans>
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
            <LineIcon name="copy" icon={Copy} className="h-4 w-4" />
            <Trans>Copy</Trans>
          </button>
        </div>
      </div>
      <div>
        <label htmlFor={`${ids}-email`} className={labelClass}>
          <Trans>Email (optional)</Trans>
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
          <Trans>Message (optional)</Trans>
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
        onEmail={() => toast.success(t`Email opened`, { description: t`Your email client should open with the document link` })}
      />
    </div>
  );
}
