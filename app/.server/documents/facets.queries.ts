import type { Kysely } from "kysely";
import type { Database, DocumentFacetsTable } from "../db/types";

export type FacetName = DocumentFacetsTable["facet"];

/** How many values of one facet the forms are offered. */
export const SUGGESTION_LIMIT = 200;

/**
 * Distinct values of one facet, alphabetical ignoring case, at most SUGGESTION_LIMIT: read from
 * the (facet, value_key, value) index, which is already in this order, so both engines stop
 * after the limit instead of reading every row (exported unexecuted so a test can check its plan).
 */
export function suggestionsQuery(db: Kysely<Database>, facet: FacetName) {
  return db
    .selectFrom("document_facets")
    .select(["value_key", "value"])
    .distinct()
    .where("facet", "=", facet)
    .orderBy("value_key")
    .orderBy("value")
    .limit(SUGGESTION_LIMIT);
}

export async function selectSuggestions(db: Kysely<Database>, facet: FacetName): Promise<string[]> {
  const rows = await suggestionsQuery(db, facet).execute();
  // Two spellings of one key can only come from a race between two saves; offer the first.
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.value_key) && seen.add(r.value_key)).map((r) => r.value);
}

/**
 * The spellings other documents store for these keys (one per key: the first in code-point order,
 * so every save picks the same one).
 */
export async function selectSpellings(
  db: Kysely<Database>,
  facet: FacetName,
  keys: string[],
  exceptDocumentId: string,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (keys.length === 0) return found;
  const rows = await db
    .selectFrom("document_facets")
    .select(["value_key", "value"])
    .where("facet", "=", facet)
    .where("value_key", "in", keys)
    .where("document_id", "!=", exceptDocumentId)
    .orderBy("value_key")
    .orderBy("value")
    .execute();
  for (const row of rows) if (!found.has(row.value_key)) found.set(row.value_key, row.value);
  return found;
}

export interface FacetRow {
  facet: FacetName;
  value: string;
  value_key: string;
}

/** Replaces a document's facet rows with these. Run in the transaction that writes the document. */
export async function replaceFacetRows(db: Kysely<Database>, documentId: string, rows: Array<FacetRow & { id: string }>): Promise<void> {
  await db.deleteFrom("document_facets").where("document_id", "=", documentId).execute();
  if (rows.length > 0)
    await db
      .insertInto("document_facets")
      .values(rows.map((r) => ({ ...r, document_id: documentId })))
      .execute();
}
