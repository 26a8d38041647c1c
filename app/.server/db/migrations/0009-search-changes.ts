import { type Kysely, sql } from "kysely";
import type { Engine } from "../client";

/**
 * The log of document changes that each instance's list index replays (decision 0018): one row
 * per search version, naming the document whose write advanced it. An instance whose index is
 * at version W reads the rows after W and re-reads only those documents; a version without a row
 * (a rebuild, or rows pruned after 10,000 versions) makes it reload everything.
 *
 * Empty at first: an index built after this migration starts from the documents themselves.
 */
export async function up(schema: Kysely<unknown>, _engine: Engine): Promise<void> {
  await sql`create table search_changes (version bigint primary key, document_id text not null)`.execute(schema);
}
