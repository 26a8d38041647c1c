import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FALLBACK_CONTACTS, FALLBACK_MENU, SITE_NAME } from "~/lib/site";
import { DEFAULT_SETTINGS, type SiteSettings } from "~/lib/site-settings";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import type { UserRow } from "../db/types";
import type { PortalEvent } from "../events/bus";
import { getOrCreateSecret, readSiteSettings, saveSiteSettings, settingsLastSaved } from "../settings/settings.service";
import { createUser } from "../users/users.service";
import { publicLayout, siteChrome } from "./site.service";
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
        { title: "Site Monitoring", url: "/dashboards", icon: "bar-chart-3", displayOrder: 2, active: true },
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
        { label: "Cluster coordinator", value: "coordinator@example.org", type: "email", displayOrder: 1, isPublic: true },
        admin,
        meta,
      );
      const hidden = await addContact(
        t.ctx,
        { label: "Duty phone", value: "+252 61 000 0000", type: "phone", displayOrder: 2, isPublic: false },
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
          { label: "Duty phone", value: "+252 61 000 0000", type: "phone", displayOrder: 0, isPublic: true },
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
  });
}
