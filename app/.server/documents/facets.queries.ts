import { type Kysely, sql } from "kysely";
import type { Database, DocumentFacetsTable } from "../db/types";

export type FacetName = DocumentFacetsTable["facet"];

/** How many values of one facet the forms are offered. */
export const SUGGESTION_LIMIT = 200;

/**
 * Distinct values of one facet, alphabetical ignoring case, at most SUGGESTION_LIMIT, each in its
 * first stored spelling. A DISTINCT over the (facet, value_key, value) index reads every row of
 * the facet when it has fewer distinct values than the limit (150,000 rows of sectors at 100,000
 * documents); this walks the index instead, one seek per distinct key (a "skip scan" written as a
 * recursive query, which both engines run the same way), so its cost follows the number of
 * values offered, not the number of documents (exported unexecuted so a test can check its plan).
 */
export function suggestionsQuery(facet: FacetName) {
  return sql<{ value_key: string; value: string }>`
    with recursive keys (value_key, n) as (
      select min(value_key), 1 from document_facets where facet = ${facet}
      union all
      select (select min(f.value_key) from document_facets f where f.facet = ${facet} and f.value_key > keys.value_key), n + 1
      from keys where keys.value_key is not null and n < ${SUGGESTION_LIMIT}
    )
    select k.value_key as value_key,
      (select min(f.value) from document_facets f where f.facet = ${facet} and f.value_key = k.value_key) as value
    from keys k where k.value_key is not null
    order by k.value_key`;
}

export async function selectSuggestions(db: Kysely<Database>, facet: FacetName): Promise<string[]> {
  const { rows } = await suggestionsQuery(facet).execute(db);
  return rows.map((r) => r.value);
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
