import { toast } from "./toast";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();
/** Messages already shown on this page: a region refreshed in place (page-refresh.ts) does not show its message again. */
const shown = new Set<string>();

/**
 * A page's message shown as a toast too (components/ui/toast-on-load.tsx), as hydrated pages do
 * with `useToastMessage`: the page shows it inline, the toast says it where the reader looks.
 */
export function enhanceToastOnLoad(root: ParentNode): void {
  for (const template of unbound<HTMLTemplateElement>(root, "template[data-toast-on-load]", bound)) {
    const { toastOnLoad: tone, title = "", description, id = title } = template.dataset;
    if (shown.has(id)) continue;
    shown.add(id);
    (tone === "error" ? toast.error : toast.success)(title, { description, id });
  }
}
