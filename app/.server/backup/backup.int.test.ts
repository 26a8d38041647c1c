import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import type { UserRow } from "../db/types";
import { createDocument, recordDocumentView } from "../documents/documents.service";
import { countTable, TABLES } from "../system/system.queries";
import { createUser } from "../users/users.service";
import { backupFileName, pgDumpCommand, sqliteSnapshot } from "./backup.service";

for (const engine of testEngines()) {
  describe(`[${engine}] database backup`, () => {
    let t: TestApp;
    let admin: UserRow;

    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => new Date("2026-03-01T09:30:15.000Z") });
      admin = await createUser(t.ctx, { email: "chief@example.org", password: "chief-pass", role: "admin" });
      for (let i = 0; i < 25; i++) {
        const doc = await createDocument(t.ctx, {
          title: `Report ${i}`,
          description: null,
          category: "Report",
          tags: ["x"],
          published: i % 2 === 0,
          uploadedBy: admin.id,
          file: null,
        });
        await recordDocumentView(t.ctx, doc);
      }
    });
    afterEach(async () => t.cleanup());

    it("names backups by UTC time and gives the pg_dump command without the connection secret", () => {
      expect(backupFileName(new Date("2026-03-01T09:30:15.000Z"), "db")).toBe("portal-20260301-0930.db");
      expect(pgDumpCommand(new Date("2026-12-31T23:59:00.000Z"))).toBe(
        'pg_dump --format=custom --no-owner --file=portal-20261231-2359.dump "$DATABASE_URL"',
      );
    });

    if (engine === "postgres") {
      it("offers no snapshot download for PostgreSQL", async () => {
        await expect(sqliteSnapshot(t.ctx, admin)).rejects.toThrow("use pg_dump");
      });
      return;
    }

    it("streams a consistent SQLite snapshot with the same row counts, and leaves no file behind", async () => {
      const expected = Object.fromEntries(
        await Promise.all(TABLES.map(async (name) => [name, await countTable(t.ctx.db.kysely, name)] as const)),
      );
      const backup = await sqliteSnapshot(t.ctx, admin, { ip: null, userAgent: "vitest" });
      expect(backup.fileName).toBe("portal-20260301-0930.db");
      const tmpDir = path.join(t.dataDir, "backup-tmp");
      expect(await fs.readdir(tmpDir)).toEqual([]);

      const copy = path.join(t.dataDir, "copy.db");
      await pipeline(Readable.fromWeb(backup.body as import("node:stream/web").ReadableStream), createWriteStream(copy));
      const bytes = await fs.readFile(copy);
      expect(bytes.length).toBe(backup.size);
      expect(bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");

      const db = new SqliteDatabase(copy, { readonly: true });
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
        for (const name of TABLES) {
          const { n } = db.prepare(`select count(*) as n from ${name}`).get() as { n: number };
          expect(n, name).toBe(expected[name]);
        }
      } finally {
        db.close();
      }
      expect(JSON.parse((await activityByAction(t.ctx, "DATABASE_BACKUP"))[0]!.details)).toEqual({
        file: "portal-20260301-0930.db",
        bytes: backup.size,
      });
    });

    it("removes snapshots a crash left behind, and an abandoned download leaves nothing", async () => {
      const tmpDir = path.join(t.dataDir, "backup-tmp");
      await fs.mkdir(tmpDir, { recursive: true });
      const stale = path.join(tmpDir, "left-by-a-crash.db");
      await fs.writeFile(stale, "x");
      const old = new Date(Date.now() - 2 * 3_600_000);
      await fs.utimes(stale, old, old);
      const backup = await sqliteSnapshot(t.ctx, admin);
      await backup.body.cancel();
      expect(await fs.readdir(tmpDir)).toEqual([]);
    });
  });
}
