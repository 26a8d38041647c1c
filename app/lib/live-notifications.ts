/**
 * The "Recent Updates" list (public-portal sections 2 and 9): newest first, at most 10, each
 * dismissable, all clearable. Pure and free of any text, so it is unit-tested and shared by the
 * hydrated pages (components/live) and the enhanced ones (app/enhance/notifications.ts).
 */

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
