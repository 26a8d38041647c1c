import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ABOUT_SETTING_KEYS, DEFAULT_ABOUT } from "~/lib/about-text";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import type { UserRow } from "../db/types";
import type { PortalEvent } from "../events/bus";
import { iso } from "../time";
import { createUser } from "../users/users.service";
import { readAboutText, restoreAboutDefault, saveAboutText } from "./about.service";
import { upsertSettings } from "./settings.queries";

const meta = { ip: "203.0.113.5", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] the About text in settings`, () => {
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

    const storedRows = () =>
      t.ctx.db.kysely
        .selectFrom("settings")
        .select(["key", "value", "updated_by"])
        .where("key", "like", "about:%")
        .orderBy("key")
        .execute();

    it("shows the shipped text until staff save their own, then persists each section as a JSON row", async () => {
      expect(await readAboutText(t.ctx)).toEqual(DEFAULT_ABOUT);
      const mine = { ...DEFAULT_ABOUT, overview: "We coordinate.\n\nWith <b>partners</b> & authorities." };
      expect(await saveAboutText(t.ctx, mine, admin, meta)).toEqual(["overview"]);
      expect(await readAboutText(t.ctx)).toEqual(mine);
      expect(await storedRows()).toEqual([
        { key: ABOUT_SETTING_KEYS.howToUse, value: JSON.stringify(DEFAULT_ABOUT.howToUse), updated_by: admin.id },
        { key: ABOUT_SETTING_KEYS.keyTasks, value: JSON.stringify(DEFAULT_ABOUT.keyTasks), updated_by: admin.id },
        { key: ABOUT_SETTING_KEYS.overview, value: JSON.stringify(mine.overview), updated_by: admin.id },
      ]);
      // Open public pages reload on this event, and other instances drop their cached text.
      expect(events).toEqual([{ type: "settings.changed", audience: "public", data: {} }]);
      const [logged] = await activityByAction(t.ctx, "SETTINGS_UPDATED");
      expect(logged).toMatchObject({ entity_type: "SETTINGS", user_id: admin.id, ip_address: "203.0.113.5" });
      expect(JSON.parse(logged!.details)).toEqual({ about: "saved", changed: ["overview"] });
    });

    it("restores one section's default by forgetting what was saved for it", async () => {
      await saveAboutText(t.ctx, { overview: "Ours.", keyTasks: "- Ours", howToUse: "- Ours: too" }, admin, meta);
      events.length = 0;
      await restoreAboutDefault(t.ctx, "keyTasks", admin, meta);
      expect(await readAboutText(t.ctx)).toEqual({ overview: "Ours.", keyTasks: DEFAULT_ABOUT.keyTasks, howToUse: "- Ours: too" });
      expect((await storedRows()).map((r) => r.key)).toEqual([ABOUT_SETTING_KEYS.howToUse, ABOUT_SETTING_KEYS.overview]);
      expect(events).toEqual([{ type: "settings.changed", audience: "public", data: {} }]);
      const logged = await activityByAction(t.ctx, "SETTINGS_UPDATED");
      expect(logged.map((l) => JSON.parse(l.details))).toContainEqual({ about: "restored", changed: ["keyTasks"] });
    });

    it("is cached per instance, and dropped when a settings.changed event arrives (a save on another instance)", async () => {
      expect((await readAboutText(t.ctx)).overview).toBe(DEFAULT_ABOUT.overview);
      // Another instance writes the row (same database) and publishes its event through PostgreSQL.
      const at = iso(new Date());
      await upsertSettings(t.ctx.db.kysely, [
        { key: ABOUT_SETTING_KEYS.overview, value: JSON.stringify("From elsewhere."), updated_at: at, updated_by: null },
      ]);
      expect((await readAboutText(t.ctx)).overview).toBe(DEFAULT_ABOUT.overview);
      t.ctx.events.publish({ type: "settings.changed", audience: "public", data: {} });
      expect((await readAboutText(t.ctx)).overview).toBe("From elsewhere.");
    });
  });
}
