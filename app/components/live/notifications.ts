/**
 * The "Recent Updates" list (public-portal sections 2 and 9): newest first,
 * at most 10, each dismissable, all clearable. Pure, so it is unit-tested.
 * Its texts are composed in the browser when an event arrives, in the page's
 * language (the `i18n` of the page's Lingui context).
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export {
  CLEAR_ALL_ABOVE,
  type LiveNotification,
  MAX_NOTIFICATIONS,
  type NotificationAction,
  notificationsReducer,
  showClearAll,
} from "~/lib/live-notifications";

import type { LiveNotification } from "~/lib/live-notifications";

/** The toast's and the notification's title. */
export function newDocumentTitle(i18n: I18n): string {
  return i18n._(msg`New Document Available`);
}

/** The spec's message: the quoted part is the new document's title. */
export function publishedMessage(title: string, i18n: I18n): string {
  return i18n._(msg`"${title}" has been published`);
}

export function newDocumentNotification(doc: { id: string; title: string }, timestamp: number, i18n: I18n): LiveNotification {
  return {
    id: `document.published:${doc.id}`,
    type: "document.published",
    title: newDocumentTitle(i18n),
    message: publishedMessage(doc.title, i18n),
    timestamp,
    action: { label: i18n._(msg`View`), url: `/document/${encodeURIComponent(doc.id)}` },
  };
}
