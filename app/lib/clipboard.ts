/**
 * Copies text in the browser, for every copy button of the portal (the admin portal's React ones
 * and the public pages' enhancements). The Clipboard API needs a secure origin; on a plain-HTTP
 * install the field holding the text is selected and copied the old way. When that fails too, the
 * field's text is left selected, one keystroke from copying it by hand. True when it was copied;
 * the caller says so in its own words.
 */
export async function copyToClipboard(text: string, field?: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
    field?.select();
    if (field && document.execCommand("copy")) return true;
  } catch {
    // Refused (no permission, no focus): the selection below is the way left.
  }
  field?.select();
  return false;
}
