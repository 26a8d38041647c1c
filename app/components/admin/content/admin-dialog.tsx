import { useLingui } from "@lingui/react/macro";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { buttonClass, dialogClass } from "../../ui/styles";

export interface AdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog (rendered as Radix's trigger, so focus returns to it). */
  trigger: React.ReactNode;
  title: string;
  description?: React.ReactNode;
  wide?: boolean;
  children: React.ReactNode;
}

/** The admin screens' modal: focus trap, Esc to close, focus back on the trigger (Radix). */
export function AdminDialog({ open, onOpenChange, trigger, title, description, wide = false, children }: AdminDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={`${dialogClass} ${wide ? "max-w-2xl" : "max-w-md"}`}
          // Radix warns without a description; a dialog without one says so explicitly.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className={`${buttonClass.ghost} -mr-2 -mt-1 px-2`} aria-label={t`Close`}>
              <X aria-hidden className="h-4 w-4" />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : null}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
