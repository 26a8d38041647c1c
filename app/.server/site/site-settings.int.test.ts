import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactsText, FALLBACK_CONTACTS, FALLBACK_MENU, menuText, SITE_NAME } from "~/lib/site";
import { DEFAULT_SETTINGS, type SiteSettings, siteDescriptionText, siteNameText } from "~/lib/site-settings";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import type { UserRow } from "../db/types";
import type { PortalEvent } from "../events/bus";
import { i18nFor } from "../i18n/i18n";
import { getOrCreateSecret, readSiteSettings, saveSiteSettings, settingsLastSaved } from "../settings/settings.service";
import { createUser } from "../users/users.service";
import { publicContacts, publicLayout, siteChrome } from "./site.service";
import {
  addContact,
  addMenuItem,
  copyDefaultContacts,
  copyDefaultMenu,
  editContact,
  editMenuItem,
  listContacts,
  listMenuItems,
  removeContact,
  removeMenuItem,
} from "./site-admin";

const meta = { ip: "203.0.113.5", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] site settings, menu and contacts`, () => {
    let t: TestApp;
    let admin: UserRow;
    let events: PortalEvent[];

    beforeEach(async () => {
      t = await createTestApp(engine);
      admin = await createUser(t.ctx, { email: "chief@example.org", password: "chief-pass", role: "admin" });
      events = [];
      t.ctx.events.subscribe((e) => events.push(e));
    });
    afterEach(async () => t.cleanup());

    it("starts from the defaults, then persists every setting as a JSON row with who saved it", async () => {
      expect(await readSiteSettings(t.ctx)).toEqual(DEFAULT_SETTINGS);
      expect(await settingsLastSaved(t.ctx)).toBeNull();
      const next: SiteSettings = {
        ...DEFAULT_SETTINGS,
        siteName: "CCCM Somalia Hub",
        siteDescription: "Guidance for site managers.",
        backupEnabled: true,
        documentApproval: true,
      };
      expect(await saveSiteSettings(t.ctx, next, admin, meta)).toEqual([
        "siteName",
        "siteDescription",
        "backupEnabled",
        "documentApproval",
      ]);

      const rows = await t.ctx.db.kysely.selectFrom("settings").selectAll().where("key", "not like", "secret:%").orderBy("key").execute();
      expect(rows.map((r) => r.key)).toEqual([...Object.keys(DEFAULT_SETTINGS)].sort());
      expect(rows.find((r) => r.key === "siteName")).toMatchObject({ value: JSON.stringify("CCCM Somalia Hub"), updated_by: admin.id });
      expect(rows.find((r) => r.key === "backupEnabled")?.value).toBe("true");
      expect(await readSiteSettings(t.ctx)).toEqual(next);
      expect((await settingsLastSaved(t.ctx))?.by).toBe("chief@example.org");

      const logged = await activityByAction(t.ctx, "SETTINGS_UPDATED");
      expect(JSON.parse(logged[0]!.details)).toEqual({ changed: ["siteName", "siteDescription", "backupEnabled", "documentApproval"] });
      expect(events).toEqual([{ type: "settings.changed", audience: "public", data: {} }]);

      // Another context on the same database (another instance) reads them from the rows, not from a cache.
      expect(await readSiteSettings({ ...t.ctx })).toEqual(next);
    });

    it("keeps the secrets apart: saving settings neither shows nor touches them", async () => {
      const secret = await getOrCreateSecret(t.ctx, "links");
      await saveSiteSettings(t.ctx, { ...DEFAULT_SETTINGS, siteName: "Renamed" }, admin, meta);
      expect((await getOrCreateSecret(t.ctx, "links")).equals(secret)).toBe(true);
      expect(JSON.stringify(events)).not.toContain(secret.toString("base64url"));
    });

    it("applies the site name and description to the public chrome; maintenance closes it to all but staff", async () => {
      expect(await siteChrome(t.ctx)).toMatchObject({ siteName: SITE_NAME, siteDescription: DEFAULT_SETTINGS.siteDescription });
      expect((await publicLayout(t.ctx, { staff: false })).maintenance).toBe("off");

      await saveSiteSettings(
        t.ctx,
        { ...DEFAULT_SETTINGS, siteName: "Somalia CCCM Portal", siteDescription: "", maintenanceMode: true },
        admin,
        meta,
      );
      const chrome = await siteChrome(t.ctx);
      expect(chrome.siteName).toBe("Somalia CCCM Portal");
      // An empty description falls back to the default text rather than an empty footer.
      expect(chrome.siteDescription).toBe(DEFAULT_SETTINGS.siteDescription);
      expect((await publicLayout(t.ctx, { staff: false })).maintenance).toBe("closed");
      expect((await publicLayout(t.ctx, { staff: true })).maintenance).toBe("staff-notice");

      await saveSiteSettings(t.ctx, { ...DEFAULT_SETTINGS, maintenanceMode: false }, admin, meta);
      expect((await publicLayout(t.ctx, { staff: false })).maintenance).toBe("off");
    });

    it("edits the navigation menu that siteChrome serves, starting from the defaults", async () => {
      expect((await siteChrome(t.ctx)).menu).toEqual(FALLBACK_MENU);
      expect(await copyDefaultMenu(t.ctx, admin, meta)).toBe(true);
      expect(await copyDefaultMenu(t.ctx, admin, meta)).toBe(false);
      expect((await siteChrome(t.ctx)).menu).toEqual(FALLBACK_MENU);

      const id = await addMenuItem(
        t.ctx,
        { title: "Site Monitoring", titleSo: "", url: "/dashboards", icon: "bar-chart-3", displayOrder: 2, active: true },
        admin,
        meta,
      );
      const about = (await listMenuItems(t.ctx)).find((m) => m.url === "/about")!;
      expect(await editMenuItem(t.ctx, about.id, { ...about, title: "About us", active: false }, admin, meta)).toBe(true);
      const home = (await listMenuItems(t.ctx)).find((m) => m.url === "/")!;
      expect(await removeMenuItem(t.ctx, home.id, admin, meta)).toBe(true);
      expect(await removeMenuItem(t.ctx, home.id, admin, meta)).toBe(false);
      expect(await editMenuItem(t.ctx, "missing", { ...about }, admin, meta)).toBe(false);

      const menu = (await siteChrome(t.ctx)).menu;
      expect(menu.map((m) => m.title)).toEqual(["Reports", "Site Monitoring", "Guidelines", "Standards", "Documents", "Dashboard"]);
      expect(menu).not.toContainEqual(expect.objectContaining({ title: "About us" }));
      expect((await listMenuItems(t.ctx)).find((m) => m.id === id)).toMatchObject({ icon: "bar-chart-3", displayOrder: 2, active: true });
      expect(await activityByAction(t.ctx, "MENU_UPDATED")).toHaveLength(4);
      expect(events.every((e) => e.type === "settings.changed" && e.audience === "public")).toBe(true);
    });

    it("edits the contact list; only public contacts reach the public side", async () => {
      expect((await siteChrome(t.ctx)).contacts).toEqual(FALLBACK_CONTACTS);
      const id = await addContact(
        t.ctx,
        { label: "Cluster coordinator", labelSo: "", value: "coordinator@example.org", type: "email", displayOrder: 1, isPublic: true },
        admin,
        meta,
      );
      const hidden = await addContact(
        t.ctx,
        { label: "Duty phone", labelSo: "", value: "+252 61 000 0000", type: "phone", displayOrder: 2, isPublic: false },
        admin,
        meta,
      );
      expect((await siteChrome(t.ctx)).contacts).toEqual([
        { label: "Cluster coordinator", value: "coordinator@example.org", type: "email" },
      ]);

      expect(
        await editContact(
          t.ctx,
          hidden,
          { label: "Duty phone", labelSo: "", value: "+252 61 000 0000", type: "phone", displayOrder: 0, isPublic: true },
          admin,
          meta,
        ),
      ).toBe(true);
      expect((await siteChrome(t.ctx)).contacts.map((c) => c.label)).toEqual(["Duty phone", "Cluster coordinator"]);
      expect(await removeContact(t.ctx, id, admin, meta)).toBe(true);
      expect((await listContacts(t.ctx)).map((c) => c.label)).toEqual(["Duty phone"]);
      expect(await copyDefaultContacts(t.ctx, admin, meta)).toBe(false);
      expect(await activityByAction(t.ctx, "CONTACTS_UPDATED")).toHaveLength(4);
    });

    it("stores the Somali site name and description beside the English ones; Somali pages show them, English ones never", async () => {
      const en = i18nFor("en");
      const so = i18nFor("so");
      // Never saved: both languages read the defaults, the description in the reader's language.
      let chrome = await siteChrome(t.ctx);
      expect(siteNameText(chrome, so)).toBe(SITE_NAME);
      expect(siteDescriptionText(chrome, en)).toBe(DEFAULT_SETTINGS.siteDescription);
      expect(siteDescriptionText(chrome, so)).not.toBe(DEFAULT_SETTINGS.siteDescription);

      const next = { ...DEFAULT_SETTINGS, siteName: "CCCM Hub", siteNameSo: "Xarunta CCCM", siteDescriptionSo: "Hagitaan iyo xog." };
      expect(await saveSiteSettings(t.ctx, next, admin, meta)).toEqual(["siteName", "siteNameSo", "siteDescriptionSo"]);
      const rows = await t.ctx.db.kysely
        .selectFrom("settings")
        .select(["key", "value"])
        .where("key", "like", "site%So")
        .orderBy("key")
        .execute();
      expect(rows).toEqual([
        { key: "siteDescriptionSo", value: JSON.stringify("Hagitaan iyo xog.") },
        { key: "siteNameSo", value: JSON.stringify("Xarunta CCCM") },
      ]);
      expect(await readSiteSettings({ ...t.ctx })).toEqual(next);
      chrome = await siteChrome(t.ctx);
      expect([siteNameText(chrome, so), siteNameText(chrome, en), siteNameText(chrome, i18nFor("en-XA"))]).toEqual([
        "Xarunta CCCM",
        "CCCM Hub",
        "CCCM Hub",
      ]);
      expect(siteDescriptionText(chrome, so)).toBe("Hagitaan iyo xog.");
      expect(siteDescriptionText(chrome, en)).toBe(DEFAULT_SETTINGS.siteDescription);

      // Emptied again: Somali readers fall back to the English name.
      await saveSiteSettings(t.ctx, { ...next, siteNameSo: "", siteDescriptionSo: "" }, admin, meta);
      chrome = await siteChrome(t.ctx);
      expect(siteNameText(chrome, so)).toBe("CCCM Hub");
      expect(siteDescriptionText(chrome, so)).toBe(siteDescriptionText({ siteDescription: DEFAULT_SETTINGS.siteDescription }, so));
    });

    it("reads settings saved before the Somali fields existed: Somali readers see the English texts", async () => {
      const updated_at = new Date().toISOString();
      await t.ctx.db.kysely
        .insertInto("settings")
        .values([
          { key: "siteName", value: JSON.stringify("Old Hub"), updated_at, updated_by: null },
          { key: "siteDescription", value: JSON.stringify("Old words."), updated_at, updated_by: null },
        ])
        .execute();
      const settings = await readSiteSettings(t.ctx);
      expect(settings).toMatchObject({ siteName: "Old Hub", siteNameSo: "", siteDescriptionSo: "" });
      const chrome = await siteChrome(t.ctx);
      expect(siteNameText(chrome, i18nFor("so"))).toBe("Old Hub");
      expect(siteDescriptionText(chrome, i18nFor("so"))).toBe("Old words.");
    });

    it("keeps Somali menu titles and contact labels; each page shows its language's, English where none was given", async () => {
      const so = i18nFor("so");
      const en = i18nFor("en");
      await copyDefaultMenu(t.ctx, admin, meta);
      const reports = (await listMenuItems(t.ctx)).find((m) => m.url === "/reports")!;
      expect(reports.titleSo).toBe("");
      expect(await editMenuItem(t.ctx, reports.id, { ...reports, titleSo: "Warbixinnada goobaha" }, admin, meta)).toBe(true);
      await addMenuItem(
        t.ctx,
        { title: "Training", titleSo: "", url: "/training", icon: "book-open", displayOrder: 50, active: true },
        admin,
        meta,
      );
      expect((await listMenuItems(t.ctx)).find((m) => m.id === reports.id)?.titleSo).toBe("Warbixinnada goobaha");

      const menu = (await siteChrome(t.ctx)).menu;
      const titles = (i18n: typeof so) => Object.fromEntries(menuText(menu, i18n).map((m) => [m.url, m.title]));
      expect(titles(so)["/reports"]).toBe("Warbixinnada goobaha");
      // A default item without a Somali title comes from the catalogue; one staff added, as written.
      expect(titles(so)["/guidelines"]).toBe(menuText(FALLBACK_MENU, so).find((m) => m.url === "/guidelines")?.title);
      expect(titles(so)["/guidelines"]).not.toBe("Guidelines");
      expect(titles(so)["/training"]).toBe("Training");
      expect(titles(en)["/reports"]).toBe("Reports");
      // The page gets only the title it shows, never the other language's.
      expect(menuText(menu, so).every((m) => !("titleSo" in m))).toBe(true);

      const id = await addContact(
        t.ctx,
        { label: "Duty officer", labelSo: "Sarkaalka shaqada", value: "duty@example.org", type: "email", displayOrder: 1, isPublic: true },
        admin,
        meta,
      );
      expect((await listContacts(t.ctx)).find((c) => c.id === id)?.labelSo).toBe("Sarkaalka shaqada");
      expect(contactsText(await publicContacts(t.ctx), so).map((c) => c.label)).toEqual(["Sarkaalka shaqada"]);
      expect(contactsText(await publicContacts(t.ctx), en).map((c) => c.label)).toEqual(["Duty officer"]);
      expect(
        await editContact(
          t.ctx,
          id,
          { label: "Duty officer", labelSo: "", value: "duty@example.org", type: "email", displayOrder: 1, isPublic: true },
          admin,
          meta,
        ),
      ).toBe(true);
      expect(contactsText(await publicContacts(t.ctx), so).map((c) => c.label)).toEqual(["Duty officer"]);
      const row = await t.ctx.db.kysely.selectFrom("contact_info").select("label_so").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.label_so).toBeNull();
      expect(events.length).toBeGreaterThanOrEqual(5);
      expect(events.every((e) => e.type === "settings.changed" && e.audience === "public")).toBe(true);
    });
  });
}
