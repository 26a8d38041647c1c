import type { Kysely } from "kysely";
import type { Engine } from "../client";

/**
 * The menu titles and contact labels staff write in Somali too (issue 14): one optional column
 * each, null where none was given (Somali readers then see the English text). Additive only, so
 * rows stored before read as they did. The site name and description need no column: the Somali
 * ones are two more settings rows.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("navigation_menu").addColumn("title_so", "text").execute();
  await db.schema.alterTable("contact_info").addColumn("label_so", "text").execute();
}
