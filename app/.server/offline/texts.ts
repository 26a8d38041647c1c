import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The texts of offline reading (decision 0036), composed here in the reader's language and sent
 * with the pages that show them: the public catalogue every page's browser loads has no room for
 * them (tests/e2e/page-weight.spec.ts), and only these pages need them.
 *
 * `{needed}` and `{free}` are left for the browser to fill in, which alone knows the device's room.
 */
/** Placeholders the browser fills in: passed as values, so the catalogue's translations keep them. */
const free = "{free}";
const needed = "{needed}";
const size = "{size}";

export function saveButtonTexts(i18n: I18n) {
  return {
    save: i18n._(msg`Save for offline`),
    saving: i18n._(msg`Saving…`),
    saved: i18n._(msg`Saved for offline`),
    savedLink: i18n._(msg`Saved documents`),
    noRoom: i18n._(msg`Not saved: this device has ${free} free, and this document needs ${needed}. Remove saved documents to make room.`),
    failed: i18n._(msg`Not saved: the document could not be downloaded. Please try again.`),
  };
}
export type SaveButtonTexts = ReturnType<typeof saveButtonTexts>;

/** The Saved page: its heading and explanation are the server's page; the list is the device's. */
export function savedPageTexts(i18n: I18n) {
  return {
    title: i18n._(msg`Saved documents`),
    intro: i18n._(
      msg`Documents saved with "Save for offline" are kept on this device and open without a connection, as do the pages you read here recently.`,
    ),
    needsScript: i18n._(msg`The list of saved documents needs JavaScript, which is turned off or not supported in this browser.`),
    empty: i18n._(msg`Nothing is saved on this device yet.`),
    total: i18n._(msg`Space used by saved documents: ${size}`),
    file: i18n._(msg`File`),
    textView: i18n._(msg`Text view`),
    remove: i18n._(msg`Remove`),
  };
}
export type SavedPageTexts = ReturnType<typeof savedPageTexts>;

/** The page the worker shows when a page is not on the device and there is no connection. */
export function offlinePageTexts(i18n: I18n) {
  return {
    title: i18n._(msg`You are offline`),
    message: i18n._(
      msg`This page has not been saved on this device. The documents you saved and the pages you read recently can still be opened.`,
    ),
    savedLink: i18n._(msg`Saved documents`),
  };
}
