import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { logPageHref, periodFilter } from "./filtered-log";

describe("the filtered log's page links", () => {
  const filters = [
    { kind: "select" as const, id: "a", name: "action", label: "Event", value: "LOGIN_FAILED", options: [] },
    { kind: "search" as const, id: "e", name: "email", label: "Email contains", value: "chief@ & co" },
    periodFilter("p", "7d", i18nFor("en")),
  ];

  it("carry every filter in force, encoded, and the page", () => {
    expect(logPageHref("/admin/security", filters, 2)).toBe("/admin/security?action=LOGIN_FAILED&email=chief%40+%26+co&period=7d&page=2");
  });

  it("offer the periods, in the page's language", () => {
    expect(filters[2]).toMatchObject({ name: "period", label: "Period", omitted: "all" });
    expect(periodFilter("p", "all", i18nFor("en")).options).toEqual([
      { value: "24h", label: "Last 24 hours" },
      { value: "7d", label: "Last 7 days" },
      { value: "30d", label: "Last 30 days" },
      { value: "all", label: "All time" },
    ]);
  });

  it("leave out empty filters and defaults", () => {
    const none = filters.map((f) => ({ ...f, value: f.name === "period" ? "all" : "" }));
    expect(logPageHref("/admin/logs", none, 3)).toBe("/admin/logs?page=3");
  });
});
