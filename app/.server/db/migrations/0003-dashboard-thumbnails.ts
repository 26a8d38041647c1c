import type { Kysely } from "kysely";
import type { Engine } from "../client";

/**
 * Dashboard thumbnails uploaded by staff (decision 0011): the storage key of the WebP the app made,
 * its pixel size (so cards reserve the space before it loads) and its byte size and sha256 (the
 * version in its URL, and what an export checks the copied file against). All null without one.
 * Additive only; the old `thumbnail_url` column stays for imported external addresses.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const [name, type] of [
    ["thumbnail_key", "text"],
    ["thumbnail_width", "integer"],
    ["thumbnail_height", "integer"],
    ["thumbnail_size", "integer"],
    ["thumbnail_sha256", "text"],
  ] as const) {
    await db.schema.alterTable("dashboards").addColumn(name, type).execute();
  }
}
