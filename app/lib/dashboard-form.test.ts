import { describe, expect, it } from "vitest";
import { dashboardFieldsFrom, NEW_DASHBOARD_FIELDS, parseDisplayOrder, validateDashboard } from "./dashboard-form";

describe("the dashboard form", () => {
  it("reads a form: an unchecked public switch is off, empty choices take the defaults", () => {
    const form = new URLSearchParams({ title: "T", embed_url: "https://e.example.org", type: "", provider: "" });
    expect(dashboardFieldsFrom(form)).toMatchObject({ type: "other", provider: "EXTERNAL", is_public: false });
    form.set("is_public", "on");
    expect(dashboardFieldsFrom(form).is_public).toBe(true);
  });

  it("parses display order as a whole number from 0, empty meaning 0", () => {
    expect(["", " 3 ", "0", "-1", "1e3", "2.0", "99999999"].map(parseDisplayOrder)).toEqual([0, 3, 0, null, null, null, null]);
  });

  it("keeps https URLs, normalised, and refuses the rest", () => {
    const ok = validateDashboard({
      ...NEW_DASHBOARD_FIELDS,
      title: "T",
      embed_url: " https://Dash.Example.org/e?x=1 ",
      url: "https://dash.example.org",
    });
    expect(ok).toEqual({
      ok: true,
      value: {
        title: "T",
        description: null,
        type: "other",
        provider: "EXTERNAL",
        url: "https://dash.example.org/",
        embed_url: "https://dash.example.org/e?x=1",
        display_order: 0,
        is_public: true,
      },
    });
    const bad = validateDashboard({ ...NEW_DASHBOARD_FIELDS, title: "T", embed_url: "HTTP://dash.example.org" });
    expect(bad).toMatchObject({ ok: false, field: "embed_url" });
  });
});
