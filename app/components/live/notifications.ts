/**
 * The "Recent Updates" list (public-portal sections 2 and 9): newest first,
 * at most 10, each dismissable, all clearable. Pure, so it is unit-tested.
 * Its texts are composed in the browser when an event arrives, in the page's
 * language (the `i18n` of the page's Lingui context).
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export const MAX_NOTIFICATIONS = 10;
/** "Clear All Notifications" appears when more than this many exist. */
export const CLEAR_ALL_ABOVE = 3;

/** The spec's client-side Notification entity. */
export interface LiveNotification {
  id: string;
  type: string;
  title: string;
  message: string;
  /** Milliseconds since the epoch, when the browser received it. */
  timestamp: number;
  action: { label: string; url: string };
}

export type NotificationAction = { type: "add"; notification: LiveNotification } | { type: "dismiss"; id: string } | { type: "clear" };

export function notificationsReducer(state: LiveNotification[], action: NotificationAction): LiveNotification[] {
  switch (action.type) {
    case "add": {
      // The same document published again replaces its older notification instead of doubling it.
      const rest = state.filter((n) => n.id !== action.notification.id);
      return [action.notification, ...rest].slice(0, MAX_NOTIFICATIONS);
    }
    case "dismiss":
      return state.filter((n) => n.id !== action.id);
    case "clear":
      return [];
  }
}

export function showClearAll(notifications: LiveNotification[]): boolean {
  return notifications.length > CLEAR_ALL_ABOVE;
}

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
