import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactsText, menuText } from "~/lib/site";
import { createTestApp, type TestApp, testEngines } from "../../../../tests/support/engines";
import { i18nFor } from "../../i18n/i18n";
import { siteChrome } from "../../site/site.service";
import { listContacts, listMenuItems } from "../../site/site-admin";
import { migrateTo, migrateToLatest } from "../migrate";

/**
 * Migration 0013 on a database whose menu and contacts were stored before the Somali columns:
 * they read as they did, without a Somali text, so Somali readers see the English ones.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] migration 0013-site-texts-somali`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine, { migrate: false });
      await migrateTo(t.ctx.db.kysely, engine, "0011-two-factor");
    });
    afterEach(async () => t.cleanup());

    it("keeps the menu and contacts stored before it, with no Somali text", async () => {
      const db = t.ctx.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await db
        .insertInto("navigation_menu")
        .values({ id: "m1", title: "Site Monitoring", url: "/dashboards", icon: "bar-chart-3", display_order: 1, is_active: 1 })
        .execute();
      await db
        .insertInto("contact_info")
        .values({ id: "c1", label: "Duty officer", value: "duty@example.org", type: "email", display_order: 1, is_public: 1 })
        .execute();
      expect(await migrateToLatest(t.ctx.db.kysely, engine)).toContain("0013-site-texts-somali");

      expect(await listMenuItems(t.ctx)).toEqual([
        { id: "m1", title: "Site Monitoring", titleSo: "", url: "/dashboards", icon: "bar-chart-3", displayOrder: 1, active: true },
      ]);
      expect((await listContacts(t.ctx))[0]).toMatchObject({ label: "Duty officer", labelSo: "" });
      const chrome = await siteChrome(t.ctx);
      expect(menuText(chrome.menu, i18nFor("so")).map((m) => m.title)).toEqual(["Site Monitoring"]);
      expect(contactsText(chrome.contacts, i18nFor("so")).map((c) => c.label)).toEqual(["Duty officer"]);

      await t.ctx.db.kysely.updateTable("navigation_menu").set({ title_so: "La socodka goobaha" }).where("id", "=", "m1").execute();
      expect(menuText((await siteChrome(t.ctx)).menu, i18nFor("so")).map((m) => m.title)).toEqual(["La socodka goobaha"]);
    });
  });
}
