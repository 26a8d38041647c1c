import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import {
  type LiveNotification,
  MAX_NOTIFICATIONS,
  newDocumentNotification,
  notificationsReducer,
  publishedMessage,
  showClearAll,
} from "./notifications";

const en = i18nFor("en");
const note = (n: number): LiveNotification => newDocumentNotification({ id: `doc-${n}`, title: `Report ${n}` }, 1_000 + n, en);

function addMany(count: number, state: LiveNotification[] = []): LiveNotification[] {
  for (let n = 1; n <= count; n++) state = notificationsReducer(state, { type: "add", notification: note(n) });
  return state;
}

describe("notificationsReducer", () => {
  it("keeps the 10 newest, newest first", () => {
    const state = addMany(12);
    expect(MAX_NOTIFICATIONS).toBe(10);
    expect(state).toHaveLength(10);
    expect(state[0]?.message).toBe('"Report 12" has been published');
    expect(state.at(-1)?.message).toBe('"Report 3" has been published');
  });

  it("dismisses one notification and leaves the others in order", () => {
    const state = notificationsReducer(addMany(3), { type: "dismiss", id: "document.published:doc-2" });
    expect(state.map((n) => n.id)).toEqual(["document.published:doc-3", "document.published:doc-1"]);
  });

  it("ignores dismissing an id that is not there", () => {
    const before = addMany(2);
    expect(notificationsReducer(before, { type: "dismiss", id: "nope" })).toEqual(before);
  });

  it("clears everything", () => {
    expect(notificationsReducer(addMany(5), { type: "clear" })).toEqual([]);
  });

  it("replaces the notification of a document published again instead of doubling it", () => {
    const again = newDocumentNotification({ id: "doc-1", title: "Report 1 (revised)" }, 9_999, en);
    const state = notificationsReducer(addMany(2), { type: "add", notification: again });
    expect(state.map((n) => n.message)).toEqual(['"Report 1 (revised)" has been published', '"Report 2" has been published']);
  });

  it("offers Clear All only above 3 notifications", () => {
    expect(showClearAll(addMany(3))).toBe(false);
    expect(showClearAll(addMany(4))).toBe(true);
  });
});

describe("newDocumentNotification", () => {
  it("has the spec's shape, title and message, and a View link to the document", () => {
    expect(newDocumentNotification({ id: "a b", title: "Site Verification" }, 42, en)).toEqual({
      id: "document.published:a b",
      type: "document.published",
      title: "New Document Available",
      message: '"Site Verification" has been published',
      timestamp: 42,
      action: { label: "View", url: "/document/a%20b" },
    });
    expect(publishedMessage('Say "hi"', en)).toBe('"Say "hi"" has been published');
  });

  it("is composed in the page's language", () => {
    const so = newDocumentNotification({ id: "a", title: "Site Verification" }, 42, i18nFor("so"));
    expect(so.title).not.toBe("New Document Available");
    expect(so.message).toContain('"Site Verification"');
    expect(so.message).not.toContain("has been published");
    expect(so.action.label).not.toBe("View");
  });
});
