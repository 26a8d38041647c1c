import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import { backupDatabase, restoreBackup } from "./backup";
import { PAGE_SIZE } from "./dump";
import { restoreDatabase } from "./restore";
import { checkedColumns } from "./schema";
import { TRANSFER_TABLES } from "./tables";
import { selectForeignKeys, selectTables } from "./transfer.queries";
import { editGzipLines, readEveryTable, readGzipText, seedEveryTable } from "./transfer.testing";

const NOW = new Date("2026-03-01T09:30:15.000Z");

for (const engine of testEngines()) {
  describe(`[${engine}] portable database backup and restore`, () => {
    let t: TestApp;
    let file: string;

    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => NOW });
      file = path.join(t.dataDir, "backup.ndjson.gz");
    });
    afterEach(async () => t.cleanup());

    /** Content different from the fixture's, so a partial restore would show. */
    async function changeEverything() {
      const db = t.ctx.db.kysely;
      await db.deleteFrom("activity_logs").where("id", "like", "%0000000007%").execute();
      await db.updateTable("users").set({ name: "Changed" }).execute();
      await db.deleteFrom("document_attachments").execute();
      await db
        .insertInto("navigation_menu")
        .values({ id: "added-after-backup", title: "New", url: "/new", icon: null, display_order: 9, is_active: 1 })
        .execute();
    }

    it("knows every table, parents first, none referencing itself (checked against the live schema)", async () => {
      const live = await selectTables(t.ctx.db.kysely, engine);
      expect(live.map((x) => x.name).sort()).toEqual(TRANSFER_TABLES.map((x) => x.name).sort());
      const order = TRANSFER_TABLES.map((x) => x.name as string);
      const keys = await selectForeignKeys(t.ctx.db.kysely, engine);
      expect(keys.length).toBeGreaterThan(5);
      for (const fk of keys) expect(order.indexOf(fk.references), `${fk.table} -> ${fk.references}`).toBeLessThan(order.indexOf(fk.table));
      await expect(checkedColumns(t.ctx.db.kysely, engine)).resolves.toBeInstanceOf(Map);
    });

    it("records a command-line restore in the restored activity log", async () => {
      await seedEveryTable(t.ctx);
      const summary = await backupDatabase(t.ctx, file);
      await changeEverything();
      await restoreBackup(t.ctx, file);
      const logged = await activityByAction(t.ctx, "DATABASE_RESTORED");
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!.details)).toEqual({
        file: "backup.ndjson.gz",
        rows: summary.rows,
        backedUpAt: NOW.toISOString(),
        sourceEngine: engine,
        via: "command line",
      });
    });

    it("round-trips every row of every table exactly, and logs the backup", async () => {
      await seedEveryTable(t.ctx);
      const before = await readEveryTable(t.ctx);
      expect(before.activity_logs!.length).toBeGreaterThan(2 * PAGE_SIZE);

      const summary = await backupDatabase(t.ctx, file);
      expect(summary.counts).toEqual(Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v.length])));
      expect(await fs.readdir(t.dataDir)).not.toContainEqual(expect.stringMatching(/\.tmp$/));
      const logged = await activityByAction(t.ctx, "DATABASE_BACKUP");
      expect(JSON.parse(logged[0]!.details)).toEqual({
        file: "backup.ndjson.gz",
        bytes: summary.bytes,
        rows: summary.rows,
        via: "command line",
      });

      await changeEverything();
      const restored = await restoreDatabase(t.ctx, file);
      expect(restored.rows).toBe(summary.rows);
      expect(restored.header).toMatchObject({
        format: "cccm-portal-backup",
        version: 1,
        sourceEngine: engine,
        createdAt: NOW.toISOString(),
      });
      expect(await readEveryTable(t.ctx)).toEqual(before);

      // And into a brand-new installation of the same engine.
      const fresh = await createTestApp(engine);
      try {
        await restoreDatabase(fresh.ctx, file);
        expect(await readEveryTable(fresh.ctx)).toEqual(before);
      } finally {
        await fresh.cleanup();
      }
    });

    it("writes the header, one line per row in key order, and a closing line of counts", async () => {
      await seedEveryTable(t.ctx, { activityRows: 3 });
      await backupDatabase(t.ctx, file);
      const lines = (await readGzipText(file))
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines[0]).toMatchObject({
        format: "cccm-portal-backup",
        version: 1,
        sourceEngine: engine,
        migrations: ["0001-initial", "0002-activity-user-index", "0004-document-facets"],
      });
      expect(lines.at(-1)).toMatchObject({ end: true, counts: { users: 3, login_throttle: 6, activity_logs: 3, settings: 4 } });
      const throttle = lines.filter((l) => l.t === "login_throttle").map((l) => (l.r as { key: string }).key);
      expect(throttle).toEqual([...throttle].sort()); // code-point order on both engines
      expect(lines.filter((l) => l.t === "users")[0]).toMatchObject({ r: { login_count: 2147483647, is_active: 1 } });
    });

    it("never overwrites an existing file", async () => {
      await fs.writeFile(file, "precious");
      await expect(backupDatabase(t.ctx, file)).rejects.toThrow(/already exists/);
      expect(await fs.readFile(file, "utf8")).toBe("precious");
      await expect(backupDatabase(t.ctx, path.join(t.dataDir, "no-such-folder", "b.gz"))).rejects.toThrow(/does not exist/);
    });

    describe("refuses a bad file and leaves the database unchanged", () => {
      let unchanged: Awaited<ReturnType<typeof readEveryTable>>;

      beforeEach(async () => {
        await seedEveryTable(t.ctx, { activityRows: 700 });
        await backupDatabase(t.ctx, file);
        await changeEverything();
        unchanged = await readEveryTable(t.ctx);
      });

      it.each([
        [
          "cut in the middle of the compressed data",
          async () => fs.writeFile(file, (await fs.readFile(file)).subarray(0, 4000)),
          /damaged or truncated/,
        ],
        [
          "cut before its closing line",
          () => editGzipLines(file, (lines) => lines.slice(0, -1)),
          /damaged or truncated: it ends after \d+ lines, without its closing line/,
        ],
        [
          "cut inside a row",
          () => editGzipLines(file, (lines) => [...lines.slice(0, 600), lines[600]!.slice(0, 40)]),
          /damaged or truncated: line 601 is not complete JSON/,
        ],
        [
          "with a count that does not match",
          () => editGzipLines(file, (lines) => [...lines.slice(0, -1), lines.at(-1)!.replace('"contact_info":2', '"contact_info":3')]),
          /2 rows of "contact_info" but its closing line counts 3/,
        ],
        [
          "that breaks a constraint halfway (a row twice, counts adjusted)",
          () =>
            editGzipLines(file, (lines) => {
              const user = lines.findIndex((l) => l.startsWith('{"t":"users"'));
              return [
                ...lines.slice(0, user + 1),
                lines[user]!,
                ...lines.slice(user + 1, -1),
                lines
                  .at(-1)!
                  .replace('"users":3', '"users":4')
                  .replace(/"rows":(\d+)/, (_, n) => `"rows":${Number(n) + 1}`),
              ];
            }),
          /unique|duplicate|constraint/i,
        ],
        [
          "made at another migration version",
          () =>
            editGzipLines(file, ([header, ...rest]) => [
              header!.replace('"0004-document-facets"', '"0004-document-facets","0005-from-the-future"'),
              ...rest,
            ]),
          /made by portal [\d.]+ whose database was at migration "0005-from-the-future"; this portal's database is at "0004-document-facets" \(unknown to this portal: 0005-from-the-future\)/,
        ],
        [
          "made before the latest migration",
          () => editGzipLines(file, ([header, ...rest]) => [header!.replace(',"0004-document-facets"', ""), ...rest]),
          /at migration "0002-activity-user-index"; this portal's database is at "0004-document-facets" \(not yet in the file: 0004-document-facets\)/,
        ],
        ["that is not a backup at all", () => fs.writeFile(file, "id,title\n1,x\n"), /not a portal backup: it is not gzip-compressed/],
      ] as const)("a file %s", async (_label, damage, message) => {
        await damage();
        await expect(restoreDatabase(t.ctx, file)).rejects.toThrow(message);
        expect(await readEveryTable(t.ctx)).toEqual(unchanged);
      });
    });
  });
}

if (testEngines().includes("postgres")) {
  describe("[postgres] the same data dumps identically from SQLite and PostgreSQL", () => {
    it("writes byte-identical rows and counts, and a SQLite backup restores into PostgreSQL", async () => {
      const sqlite = await createTestApp("sqlite", { now: () => NOW });
      const postgres = await createTestApp("postgres", { now: () => NOW });
      try {
        await seedEveryTable(sqlite.ctx);
        await seedEveryTable(postgres.ctx);
        const fromSqlite = path.join(sqlite.dataDir, "a.gz");
        const fromPostgres = path.join(postgres.dataDir, "b.gz");
        await backupDatabase(sqlite.ctx, fromSqlite);
        await backupDatabase(postgres.ctx, fromPostgres);
        const body = async (file: string) => (await readGzipText(file)).split("\n").slice(1);
        const a = await body(fromSqlite);
        expect(a.length).toBeGreaterThan(1200);
        expect(await body(fromPostgres)).toEqual(a);

        const sqliteRows = await readEveryTable(sqlite.ctx);
        await postgres.ctx.db.kysely.deleteFrom("activity_logs").execute();
        await restoreDatabase(postgres.ctx, fromSqlite);
        const postgresRows = await readEveryTable(postgres.ctx);
        // The backups logged themselves after dumping: each side has its own DATABASE_BACKUP row.
        expect(postgresRows).toEqual({
          ...sqliteRows,
          activity_logs: sqliteRows.activity_logs!.filter((r) => r.action !== "DATABASE_BACKUP"),
        });
      } finally {
        await sqlite.cleanup();
        await postgres.cleanup();
      }
    });
  });
}
