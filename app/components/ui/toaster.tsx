import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Toaster as SonnerToaster, toast as sonner } from "sonner";
import { toasterMounted } from "./toast";

/**
 * sonner's Toaster, loaded with the first toast (ui/toast.ts, root.tsx). Its own effect subscribes
 * to sonner's store before this one runs (children's effects run first), so the toasts that
 * waited for it are not lost.
 */
export default function Toaster() {
  const { t } = useLingui();
  useEffect(() => toasterMounted((kind, title, options) => (kind === "message" ? sonner : sonner[kind])(title, options)), []);
  return (
    /*
      Bottom left: clear of the headers and their Logout (top), of the dialogs (ui/styles.ts
      keeps them above this corner) and of the public "Recent Updates" panel (bottom right on
      wider screens); on the admin tables it covers titles, never the pinned actions (right).
    */
    <SonnerToaster
      richColors
      closeButton
      position="bottom-left"
      containerAriaLabel={t`Notifications`}
      toastOptions={{ closeButtonAriaLabel: t`Close toast` }}
    />
  );
}
