/**
 * What a reader typed before the page's JavaScript took over. On a slow link a page is painted and
 * usable seconds before it hydrates; hydration gives every controlled field (the lists' search box,
 * the URL decoder, the sign-in form) the value React holds, which wipes what was typed meanwhile.
 * `watchTypedFields` runs before hydration: it notes the fields whose value already differs from
 * the page's and follows typing until hydration; `restoreTypedFields` runs once hydration has
 * committed and types those values again, through the `input` event React listens to, so each
 * field's own state (and what it does on change, e.g. the live search) follows.
 */

type Field = HTMLInputElement | HTMLTextAreaElement;

const NOT_TYPED = new Set(["hidden", "checkbox", "radio", "file", "submit", "button", "reset", "image", "range", "color"]);

function isTypedField(target: EventTarget | null): target is Field {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !NOT_TYPED.has(target.type);
}

const typed = new Map<Field, string>();

function remember(event: Event): void {
  if (isTypedField(event.target)) typed.set(event.target, event.target.value);
}

/** Before hydration: what was already typed, and what will be until `restoreTypedFields`. */
export function watchTypedFields(): void {
  for (const field of document.querySelectorAll("input, textarea")) {
    if (isTypedField(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  document.addEventListener("input", remember, true);
}

/** After hydration has committed: each field that lost what was typed gets it back, once. */
export function restoreTypedFields(): void {
  document.removeEventListener("input", remember, true);
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    // React notes the value it last saw through the element's own `value` property and treats an
    // `input` event as a change only when the value moved behind its back: the field is emptied
    // through that property, then given the typed text through the prototype's setter. (Whether
    // the DOM still shows the text at this point depends on re-renders React may still make.)
    field.value = "";
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  typed.clear();
}
