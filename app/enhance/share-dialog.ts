import { copyToClipboard } from "~/lib/clipboard";
import { type ShareTarget, shareHrefWith } from "~/lib/share-targets";
import { texts } from "./texts";
import { toast } from "./toast";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

type Texts = "copied" | "copiedDescription" | "copyFailed" | "copyFailedDescription" | "emailOpened" | "emailOpenedDescription";

/**
 * "Share Document" on a page that does not hydrate (components/documents/share-dialog.tsx): the
 * disclosure a page without JavaScript shows gives way to a Share button that opens the dialog
 * (share-dialog-template.tsx) as a modal <dialog>: the browser keeps focus inside it and closes it
 * on Escape; focus goes back to Share.
 */
export function enhanceShareDialogs(root: ParentNode): void {
  for (const button of unbound<HTMLButtonElement>(root, "button[data-share-open]", bound)) {
    const template = button.parentElement?.querySelector<HTMLTemplateElement>("template[data-share-dialog]");
    const disclosure = button.parentElement?.querySelector<HTMLDetailsElement>("details[data-share-disclosure]");
    if (!template) continue;
    if (disclosure) disclosure.hidden = true;
    button.hidden = false;
    button.addEventListener("click", () => openDialog(button, template));
  }
}

function openDialog(trigger: HTMLButtonElement, template: HTMLTemplateElement): void {
  const dialog = template.content.querySelector("dialog")?.cloneNode(true);
  if (!(dialog instanceof HTMLDialogElement)) return;
  const { url = "", title = "", subject = "" } = template.dataset;
  const say = texts<Texts>("share");
  const link = dialog.querySelector<HTMLInputElement>("#share-dialog-link");
  const email = dialog.querySelector<HTMLInputElement>("#share-dialog-email");
  const message = dialog.querySelector<HTMLTextAreaElement>("#share-dialog-message");

  // The links follow the recipient and the note as they are typed.
  const relink = () => {
    for (const target of dialog.querySelectorAll<HTMLAnchorElement>("a[data-share-target]"))
      target.href = shareHrefWith(
        target.dataset.shareTarget as ShareTarget,
        { url, title, email: email?.value, message: message?.value },
        subject,
      );
  };
  email?.addEventListener("input", relink);
  message?.addEventListener("input", relink);
  link?.addEventListener("focus", () => link.select());
  dialog.querySelector("[data-copy]")?.addEventListener("click", async () => {
    if (await copyToClipboard(url, link)) toast.success(say.copied, { description: say.copiedDescription });
    else toast.error(say.copyFailed, { description: say.copyFailedDescription });
  });
  dialog.querySelector('a[data-share-target="email"]')?.addEventListener("click", () => {
    toast.success(say.emailOpened, { description: say.emailOpenedDescription });
  });
  dialog.querySelector("[data-close]")?.addEventListener("click", () => dialog.close());
  // A press on the backdrop (outside the dialog's box) closes it, as the hydrated pages' dialog does.
  dialog.addEventListener("click", (event) => {
    const box = dialog.getBoundingClientRect();
    const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (event.target === dialog && outside) dialog.close();
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    trigger.setAttribute("aria-expanded", "false");
    trigger.focus();
  });
  document.body.append(dialog);
  trigger.setAttribute("aria-expanded", "true");
  dialog.showModal();
}
