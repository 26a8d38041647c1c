import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { retitle, SITE_NAME, siteTitle } from "./site";
import {
  DEFAULT_SETTINGS,
  DEFAULT_SITE_DESCRIPTION,
  isSafeMenuUrl,
  MAINTENANCE_MESSAGE,
  MAINTENANCE_MESSAGE_TEXT,
  MAINTENANCE_TITLE,
  MAINTENANCE_TITLE_TEXT,
  parseContactForm,
  parseMenuItemForm,
  parseSettingsForm,
  SITE_DESCRIPTION_MAX,
  SITE_NAME_MAX,
  settingsFromStored,
  siteDescriptionText,
  siteNameText,
} from "./site-settings";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

describe("settings", () => {
  it("reads stored JSON values, falling back per key on anything unreadable or of the wrong type", () => {
    expect(settingsFromStored({})).toEqual(DEFAULT_SETTINGS);
    expect(
      settingsFromStored({
        siteName: '"Hub"',
        maintenanceMode: "true",
        backupEnabled: '"yes"',
        securityAlerts: "{broken",
        siteDescription: "42",
      }),
    ).toEqual({ ...DEFAULT_SETTINGS, siteName: "Hub", maintenanceMode: true });
    expect(settingsFromStored({ siteName: '"   "' }).siteName).toBe(SITE_NAME);
  });

  it("parses the form: a required, trimmed site name, and a switch on only when its box was sent", () => {
    const parsed = parseSettingsForm(
      form({ siteName: "  CCCM   Hub ", siteDescription: " About us ", maintenanceMode: "on", documentApproval: "on" }),
    );
    expect(parsed).toEqual({
      ok: true,
      value: { ...DEFAULT_SETTINGS, siteName: "CCCM Hub", siteDescription: "About us", maintenanceMode: true, documentApproval: true },
    });
    expect(parseSettingsForm(form({ siteName: " " }))).toEqual({ ok: false, errors: { siteName: "Site name is required" } });
    expect(parseSettingsForm(form({ siteName: "x".repeat(81), siteDescription: "y".repeat(301) }))).toEqual({
      ok: false,
      errors: { siteName: "Site name must be at most 80 characters", siteDescription: "Site description must be at most 300 characters" },
    });
  });

  it("takes an optional Somali site name and description, trimmed and held to the English ones' limits", () => {
    expect(parseSettingsForm(form({ siteName: "Hub", siteNameSo: "  Xarunta   CCCM ", siteDescriptionSo: " Hagitaan. " }))).toMatchObject({
      ok: true,
      value: { siteName: "Hub", siteNameSo: "Xarunta CCCM", siteDescriptionSo: "Hagitaan." },
    });
    expect(parseSettingsForm(form({ siteName: "Hub" }))).toMatchObject({ ok: true, value: { siteNameSo: "", siteDescriptionSo: "" } });
    expect(
      parseSettingsForm(
        form({ siteName: "Hub", siteNameSo: "x".repeat(SITE_NAME_MAX), siteDescriptionSo: "y".repeat(SITE_DESCRIPTION_MAX) }),
      ),
    ).toMatchObject({ ok: true });
    expect(
      parseSettingsForm(
        form({ siteName: "Hub", siteNameSo: "x".repeat(SITE_NAME_MAX + 1), siteDescriptionSo: "y".repeat(SITE_DESCRIPTION_MAX + 1) }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        siteNameSo: "Site name (Somali) must be at most 80 characters",
        siteDescriptionSo: "Site description (Somali) must be at most 300 characters",
      },
    });
    // Stored before the Somali fields existed: read as not given.
    expect(settingsFromStored({ siteName: '"Hub"' })).toMatchObject({ siteName: "Hub", siteNameSo: "", siteDescriptionSo: "" });
    expect(settingsFromStored({ siteNameSo: "7" }).siteNameSo).toBe("");
  });

  it("shows Somali readers the Somali texts staff gave, everyone else (and Somali readers without one) the English ones", () => {
    const en = i18nFor("en");
    const so = i18nFor("so");
    const pseudo = i18nFor("en-XA");
    const both = { siteName: "Hub", siteNameSo: "Xarunta", siteDescription: "Guidance.", siteDescriptionSo: "Hagitaan." };
    expect([siteNameText(both, so), siteNameText(both, en), siteNameText(both, pseudo)]).toEqual(["Xarunta", "Hub", "Hub"]);
    expect([siteDescriptionText(both, so), siteDescriptionText(both, en)]).toEqual(["Hagitaan.", "Guidance."]);
    const english = { ...both, siteNameSo: "", siteDescriptionSo: "" };
    expect([siteNameText(english, so), siteDescriptionText(english, so)]).toEqual(["Hub", "Guidance."]);
    // Nothing in Somali and the default description: the default in Somali, from the catalogue.
    const defaults = { siteName: SITE_NAME, siteDescription: DEFAULT_SITE_DESCRIPTION, siteNameSo: "" };
    expect(siteDescriptionText(defaults, so)).toBe(siteDescriptionText({ siteDescription: DEFAULT_SITE_DESCRIPTION }, so));
    expect(siteDescriptionText(defaults, so)).not.toBe(DEFAULT_SITE_DESCRIPTION);
  });
});

describe("navigation menu items", () => {
  it("accepts site paths and https addresses only", () => {
    for (const url of ["/", "/reports", "/documents?category=Report", "https://example.org/page"])
      expect(isSafeMenuUrl(url), url).toBe(true);
    for (const url of ["javascript:alert(1)", "//evil.example", "http://example.org", "data:text/html,x", "reports", "/a b", "https://"]) {
      expect(isSafeMenuUrl(url), url).toBe(false);
    }
  });

  it("validates title, URL, icon and display order", () => {
    expect(parseMenuItemForm(form({ title: " Reports ", url: "/reports", icon: "file-text", displayOrder: "2", active: "on" }))).toEqual({
      ok: true,
      value: { title: "Reports", titleSo: "", url: "/reports", icon: "file-text", displayOrder: 2, active: true },
    });
    expect(parseMenuItemForm(form({ title: "News", url: "/news", icon: "home" }))).toMatchObject({
      ok: true,
      value: { displayOrder: 0, active: false },
    });
    expect(parseMenuItemForm(form({ title: "News", titleSo: " Wararka ", url: "/news", icon: "home" }))).toMatchObject({
      ok: true,
      value: { title: "News", titleSo: "Wararka" },
    });
    expect(parseMenuItemForm(form({ title: "News", titleSo: "x".repeat(61), url: "/news", icon: "home" }))).toEqual({
      ok: false,
      errors: { titleSo: "Title (Somali) must be at most 60 characters" },
    });
    expect(parseMenuItemForm(form({ title: "", url: "javascript:x", icon: "skull", displayOrder: "-1" }))).toEqual({
      ok: false,
      errors: {
        title: "Title is required",
        url: "Use a path such as /reports or an https:// address",
        icon: "Choose an icon from the list",
        displayOrder: "Display order must be a whole number from 0 to 10000",
      },
    });
  });
});

describe("contacts", () => {
  it("checks the value against its type", () => {
    expect(parseContactForm(form({ label: "Coordinator", value: "lead@example.org", type: "email", isPublic: "on" }))).toEqual({
      ok: true,
      value: { label: "Coordinator", labelSo: "", value: "lead@example.org", type: "email", displayOrder: 0, isPublic: true },
    });
    expect(parseContactForm(form({ label: "Phone", value: "+252 61 234 5678", type: "phone" }))).toMatchObject({ ok: true });
    expect(parseContactForm(form({ label: "Phone", labelSo: " Taleefan ", value: "+252 61 234 5678", type: "phone" }))).toMatchObject({
      ok: true,
      value: { labelSo: "Taleefan" },
    });
    expect(parseContactForm(form({ label: "Phone", labelSo: "x".repeat(81), value: "+252 61 234 5678", type: "phone" }))).toEqual({
      ok: false,
      errors: { labelSo: "Label (Somali) must be at most 80 characters" },
    });
    expect(parseContactForm(form({ label: "Office", value: "Mogadishu, KM4", type: "other" }))).toMatchObject({ ok: true });
    expect(parseContactForm(form({ label: "Coordinator", value: "not-an-address", type: "email" }))).toEqual({
      ok: false,
      errors: { value: "Please enter a valid email address" },
    });
    expect(parseContactForm(form({ label: "Phone", value: "call me", type: "phone" }))).toMatchObject({
      ok: false,
      errors: { value: expect.stringContaining("phone number") },
    });
    expect(parseContactForm(form({ label: "", value: "", type: "fax" }))).toEqual({
      ok: false,
      errors: { label: "Label is required", type: "Choose a type from the list", value: "Value is required" },
    });
  });
});

describe("page titles", () => {
  const layout = (siteName: unknown) => [
    { id: "root", loaderData: null },
    { id: "routes/public/layout", loaderData: { siteName } },
    { id: "routes/public/about", loaderData: {} },
  ];

  it("end with the site name the public layout loaded, else the default", () => {
    expect(siteTitle(layout("Somalia CCCM Hub"), "About")).toBe("About | Somalia CCCM Hub");
    expect(siteTitle(layout("Hub"), "Baidoa", "Interactive Dashboards")).toBe("Baidoa | Interactive Dashboards | Hub");
    expect(siteTitle([], "About")).toBe(`About | ${SITE_NAME}`);
    expect(siteTitle(layout(""), "About")).toBe(`About | ${SITE_NAME}`);
    expect(siteTitle([undefined], "About")).toBe(`About | ${SITE_NAME}`);
  });

  it("rewrite a title written with the default name", () => {
    expect(retitle(`Reports | ${SITE_NAME}`, layout("Hub"))).toBe("Reports | Hub");
    expect(retitle("Something else", layout("Hub"))).toBe("Something else");
  });
});

describe("the default texts in the page's language", () => {
  it("are the stored English texts in English, translated in Somali; a description staff wrote is shown as written", () => {
    const en = i18nFor("en");
    const so = i18nFor("so");
    expect(en._(MAINTENANCE_TITLE_TEXT)).toBe(MAINTENANCE_TITLE);
    expect(en._(MAINTENANCE_MESSAGE_TEXT)).toBe(MAINTENANCE_MESSAGE);
    expect(so._(MAINTENANCE_TITLE_TEXT)).not.toBe(MAINTENANCE_TITLE);
    expect(siteDescriptionText({ siteDescription: DEFAULT_SITE_DESCRIPTION }, en)).toBe(DEFAULT_SITE_DESCRIPTION);
    expect(siteDescriptionText({ siteDescription: DEFAULT_SITE_DESCRIPTION }, so)).not.toBe(DEFAULT_SITE_DESCRIPTION);
    expect(siteDescriptionText({ siteDescription: "Our own words." }, so)).toBe("Our own words.");
  });
});
