import { describe, expect, it } from "vitest";
import { LOG_PERIOD_OPTIONS, logPageHref } from "./filtered-log";

describe("the filtered log's page links", () => {
  const filters = [
    { kind: "select" as const, id: "a", name: "action", label: "Event", value: "LOGIN_FAILED", options: [] },
    { kind: "search" as const, id: "e", name: "email", label: "Email contains", value: "chief@ & co" },
    { kind: "select" as const, id: "p", name: "period", label: "Period", value: "7d", options: LOG_PERIOD_OPTIONS, omitted: "all" },
  ];

  it("carry every filter in force, encoded, and the page", () => {
    expect(logPageHref("/admin/security", filters, 2)).toBe("/admin/security?action=LOGIN_FAILED&email=chief%40+%26+co&period=7d&page=2");
  });

  it("leave out empty filters and defaults", () => {
    const none = filters.map((f) => ({ ...f, value: f.name === "period" ? "all" : "" }));
    expect(logPageHref("/admin/logs", none, 3)).toBe("/admin/logs?page=3");
  });
});
