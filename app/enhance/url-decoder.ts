import { type CleanedUrl, decodeUrl, resultNotes } from "~/lib/url-cleaner";
import { enhance } from "./parts";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * The URL decoder (routes/tools/url-decoder.tsx) decodes in the browser: a pasted address may be
 * private (a personal link from an e-mail), and with JavaScript it is never sent. Without it the
 * GET form asks the server. The result is drawn from the page's templates (its words in the
 * reader's language): the parts and notes that apply, filled in. "Clear" empties the field and
 * the result in place.
 */
export function enhanceUrlDecoder(root: ParentNode): void {
  for (const form of unbound<HTMLFormElement>(root, "form[data-url-decoder]", bound)) {
    const field = form.querySelector("textarea");
    const result = document.querySelector<HTMLElement>("[data-url-decoder-result]");
    const removed = document.querySelector<HTMLElement>("[data-url-decoder-removed]");
    if (!field || !result || !removed) continue;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const outcome = decodeUrl(field.value);
      if (outcome.ok) {
        result.replaceChildren(...drawn("template[data-url-result]", (copy) => fillResult(copy, outcome.result)));
        removed.replaceChildren(
          ...(outcome.result.removed.length ? drawn("template[data-url-removed]", (copy) => fillRemoved(copy, outcome.result)) : []),
        );
      } else {
        result.replaceChildren(...drawn(`template[data-url-problem="${CSS.escape(outcome.message)}"]`, () => {}));
        removed.replaceChildren();
      }
      enhance(result);
    });
    form.querySelector("[data-url-decoder-clear]")?.addEventListener("click", (event) => {
      event.preventDefault();
      field.value = "";
      result.replaceChildren();
      removed.replaceChildren();
    });
  }
}

/** A copy of a template's content, changed by `fill` before it joins the page. */
function drawn(selector: string, fill: (copy: DocumentFragment) => void): Node[] {
  const template = document.querySelector<HTMLTemplateElement>(selector);
  if (!template) return [];
  const copy = document.importNode(template.content, true);
  fill(copy);
  return [...copy.childNodes];
}

function fillResult(copy: DocumentFragment, result: CleanedUrl): void {
  for (const input of copy.querySelectorAll<HTMLInputElement>("input[data-url-field]")) {
    const name = input.dataset.urlField as "original" | "decoded" | "cleaned";
    input.value = result[name];
    input.setAttribute("value", result[name]);
  }
  const open = copy.querySelector("[data-url-open]");
  if (result.linkable && !result.mailchimp) open?.querySelector("a")?.setAttribute("href", result.cleaned);
  else open?.remove();
  const notes = new Set<string>(resultNotes(result));
  for (const note of copy.querySelectorAll<HTMLElement>("[data-note]")) {
    if (!notes.has(note.dataset.note ?? "")) note.remove();
    else note.textContent = (note.textContent ?? "").replace("{names}", () => result.removed.join(", "));
  }
}

function fillRemoved(copy: DocumentFragment, result: CleanedUrl): void {
  const names = copy.querySelector("[data-names]");
  if (names) names.textContent = result.removed.join(", ");
}
