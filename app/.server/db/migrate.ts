import { type Kysely, type Migration, type MigrationResultSet, Migrator } from "kysely";
import type { Engine } from "./client";
import * as m0001 from "./migrations/0001-initial";
import * as m0002 from "./migrations/0002-activity-user-index";
import * as m0003 from "./migrations/0003-dashboard-thumbnails";
import * as m0004 from "./migrations/0004-document-facets";
import * as m0005 from "./migrations/0005-file-missing";
import * as m0006 from "./migrations/0006-search-index";
import * as m0007 from "./migrations/0007-admin-paging-indexes";
import * as m0008 from "./migrations/0008-search-filter-columns";
import * as m0009 from "./migrations/0009-search-changes";
import * as m0010 from "./migrations/0010-file-contents";
import * as m0011 from "./migrations/0011-two-factor";
import * as m0012 from "./migrations/0012-document-language";
import * as m0013 from "./migrations/0013-site-texts-somali";
import * as m0014 from "./migrations/0014-retire-document-search-entries";
import type { Database } from "./types";

/**
 * Migrations are imported, not read from disk, so they ship inside the
 * server bundle. Each takes the engine for the rare engine-specific statement.
 * Append new ones here; never edit one that has been released (the one exception, 0006 handing
 * the filling of the search tables to 0008, 0008 to 0012, and 0012 to none once 0014 dropped the
 * documents' entries, leaves every database in the same end state).
 */
const migrations: Record<string, (engine: Engine) => Migration> = {
  "0001-initial": (engine) => ({ up: (db) => m0001.up(db, engine) }),
  "0002-activity-user-index": (engine) => ({ up: (db) => m0002.up(db, engine) }),
  "0003-dashboard-thumbnails": (engine) => ({ up: (db) => m0003.up(db, engine) }),
  "0004-document-facets": (engine) => ({ up: (db) => m0004.up(db, engine) }),
  "0005-file-missing": (engine) => ({ up: (db) => m0005.up(db, engine) }),
  "0006-search-index": (engine) => ({ up: (db) => m0006.up(db, engine) }),
  "0007-admin-paging-indexes": (engine) => ({ up: (db) => m0007.up(db, engine) }),
  "0008-search-filter-columns": (engine) => ({ up: (db) => m0008.up(db, engine) }),
  "0009-search-changes": (engine) => ({ up: (db) => m0009.up(db, engine) }),
  "0010-file-contents": (engine) => ({ up: (db) => m0010.up(db, engine) }),
  "0011-two-factor": (engine) => ({ up: (db) => m0011.up(db, engine) }),
  "0012-document-language": (engine) => ({ up: (db) => m0012.up(db, engine) }),
  "0013-site-texts-somali": (engine) => ({ up: (db) => m0013.up(db, engine) }),
  "0014-retire-document-search-entries": (engine) => ({ up: (db) => m0014.up(db, engine) }),
};

/** Every migration this portal knows, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

function migratorFor(db: Kysely<Database>, engine: Engine) {
  return new Migrator({
    db,
    provider: {
      async getMigrations() {
        return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(engine)]));
      },
    },
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, engine: Engine): Promise<string[]> {
  const { error, results }: MigrationResultSet = await migratorFor(db, engine).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Applies the migrations up to and including `name` (tests of one migration start just before it). */
export async function migrateTo(db: Kysely<Database>, engine: Engine, name: string): Promise<void> {
  const { error } = await migratorFor(db, engine).migrateTo(name);
  if (error) throw new Error(`Migration to ${name} failed`, { cause: error });
}

export interface MigrationStatus {
  name: string;
  executedAt: Date | undefined;
}

export async function migrationStatus(db: Kysely<Database>, engine: Engine): Promise<MigrationStatus[]> {
  const list = await migratorFor(db, engine).getMigrations();
  return list.map((m) => ({ name: m.name, executedAt: m.executedAt }));
}
