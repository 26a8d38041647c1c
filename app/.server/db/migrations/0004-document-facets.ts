import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Engine } from "../client";

/**
 * A document's partner, sectors and locations, one row per value: the documents table keeps them
 * as the editor ordered them (sectors and locations as JSON lists, which no index can reach), this
 * table makes them searchable. The forms' suggestions read distinct values of one facet from the
 * (facet, value_key, value) index with a limit, never scanning the documents; the faceted search
 * will filter through the same index. value_key is the lower-cased value, so "wash" finds "WASH".
 *
 * Existing values are copied in, cleaned the way the forms clean them (inlined here, because a
 * migration must not change when the app's code does).
 */
/** The tables this migration reads and writes, as they are at this version. */
interface Tables {
  documents: { id: string; partner: string | null; sectors: string; locations: string };
  document_facets: { id: string; document_id: string; facet: string; value: string; value_key: string };
}

export async function up(schema: Kysely<unknown>, _engine: Engine): Promise<void> {
  const db = schema as Kysely<Tables>;
  await db.schema
    .createTable("document_facets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("document_id", "text", (c) => c.notNull().references("documents.id").onDelete("cascade"))
    .addColumn("facet", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("value_key", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("document_facets_document_idx")
    .on("document_facets")
    .columns(["document_id", "facet", "value_key"])
    .unique()
    .execute();
  await db.schema.createIndex("document_facets_facet_key_idx").on("document_facets").columns(["facet", "value_key", "value"]).execute();

  const documents = await db.selectFrom("documents").select(["id", "partner", "sectors", "locations"]).execute();
  for (const doc of documents) {
    const rows = [
      ...valuesOf("partner", doc.partner ? [doc.partner] : []),
      ...valuesOf("sector", listOf(doc.sectors)),
      ...valuesOf("location", listOf(doc.locations)),
    ].map((r) => ({ id: randomUUID(), document_id: doc.id, ...r }));
    if (rows.length > 0) await db.insertInto("document_facets").values(rows).execute();
  }
}

function listOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function valuesOf(facet: string, values: string[]): Array<{ facet: string; value: string; value_key: string }> {
  const seen = new Set<string>();
  const out: Array<{ facet: string; value: string; value_key: string }> = [];
  for (const raw of values) {
    const value = raw.normalize("NFC").replace(/\s+/g, " ").trim();
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push({ facet, value, value_key: key });
  }
  return out;
}
