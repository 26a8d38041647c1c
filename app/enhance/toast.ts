/**
 * Toasts on a page that does not hydrate (decision 0038): the markup and its texts are the page's
 * (components/ui/toaster-template.tsx); the first toast puts the corner into the page. A toast
 * goes after a few seconds, or with its close button; one with an id replaces its earlier one.
 */
export type ToastKind = "message" | "success" | "error";

export interface ToastOptions {
  description?: string;
  id?: string;
}

/** How long a toast stays: sonner's default, as on the admin pages. */
export const TOAST_MS = 4_000;

let list: HTMLOListElement | null = null;

function toastList(): HTMLOListElement | null {
  if (list?.isConnected) return list;
  const template = document.querySelector<HTMLTemplateElement>("template[data-toaster]");
  const region = template?.content.querySelector("section");
  if (!template || !region) return null;
  const copy = region.cloneNode(true) as HTMLElement;
  document.body.append(copy);
  list = copy.querySelector("ol");
  return list;
}

export function showToast(kind: ToastKind, title: string, options: ToastOptions = {}): void {
  const target = toastList();
  const item = document
    .querySelector<HTMLTemplateElement>("template[data-toaster]")
    ?.content.querySelector<HTMLTemplateElement>("template[data-toast-item]");
  const li = item?.content.firstElementChild?.cloneNode(true);
  if (!target || !(li instanceof HTMLLIElement)) return;
  li.dataset.kind = kind;
  if (options.id) {
    li.dataset.id = options.id;
    for (const old of target.querySelectorAll<HTMLElement>("[data-toast]")) if (old.dataset.id === options.id) old.remove();
  }
  const titleElement = li.querySelector("[data-title]");
  const descriptionElement = li.querySelector("[data-description]");
  if (titleElement) titleElement.textContent = title;
  if (descriptionElement) {
    if (options.description) descriptionElement.textContent = options.description;
    else descriptionElement.remove();
  }
  const timer = setTimeout(() => li.remove(), TOAST_MS);
  li.querySelector("button")?.addEventListener("click", () => {
    clearTimeout(timer);
    li.remove();
  });
  target.append(li);
}

export const toast = Object.assign((title: string, options?: ToastOptions) => showToast("message", title, options), {
  success: (title: string, options?: ToastOptions) => showToast("success", title, options),
  error: (title: string, options?: ToastOptions) => showToast("error", title, options),
});
