import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type DocumentFacets, type FacetSuggestions, facetKey } from "~/lib/document-facets";
import type { AppContext } from "../context";
import type { Database } from "../db/types";
import { perObject } from "../per-object";
import { VersionCache } from "../search/search-cache";
import { readSearchVersion } from "../search/search-index";
import { type FacetName, type FacetRow, replaceFacetRows, selectSpellings, selectSuggestions } from "./facets.queries";

/**
 * A document's partner, sectors and locations (its facets) as stored: app/lib/document-facets.ts
 * cleans and limits what a form sends; here each value takes the spelling other documents already
 * store for it ("unhcr" becomes "UNHCR"), and the facet rows the suggestions and the faceted
 * search read are written beside the document, in its transaction.
 */

export const NO_FACETS: DocumentFacets = { partner: null, sectors: [], locations: [] };

/** Per instance, the suggestions at the search version they were read at (a facet row is written with its document, which advances it). */
const suggestionsCacheOf = perObject((_ctx: AppContext) => new VersionCache(1));

/**
 * The suggestions of the document forms: existing values of each facet (bounded, from an index).
 * Every admin documents and folders page offers them: they are read again only after a write.
 * `atVersion`: the search version the caller has just read (a list's), so it is not read twice.
 */
export async function facetSuggestions(ctx: AppContext, atVersion?: number): Promise<FacetSuggestions> {
  const db = ctx.db.kysely;
  const version = atVersion ?? (await readSearchVersion(db));
  return suggestionsCacheOf(ctx).get(version, "suggestions", async () => {
    const [partners, sectors, locations] = await Promise.all([
      selectSuggestions(db, "partner"),
      selectSuggestions(db, "sector"),
      selectSuggestions(db, "location"),
    ]);
    return { partners, sectors, locations };
  });
}

async function adoptSpellings(db: Kysely<Database>, facet: FacetName, values: string[], documentId: string): Promise<string[]> {
  const spellings = await selectSpellings(db, facet, values.map(facetKey), documentId);
  return values.map((v) => spellings.get(facetKey(v)) ?? v);
}

/**
 * The facets as they will be stored: each value in the spelling other documents already store
 * for it. Read inside the transaction that then writes the document and its facet rows.
 */
export async function canonicalFacets(db: Kysely<Database>, documentId: string, facets: DocumentFacets): Promise<DocumentFacets> {
  const partner = await adoptSpellings(db, "partner", facets.partner ? [facets.partner] : [], documentId);
  const sectors = await adoptSpellings(db, "sector", facets.sectors, documentId);
  const locations = await adoptSpellings(db, "location", facets.locations, documentId);
  return { partner: partner[0] ?? null, sectors, locations };
}

/**
 * Replaces a document's facet rows (its partner, sectors, locations and tags); in the transaction
 * that writes the document row (after it). Tags come normalised (normaliseTags: each once).
 */
export async function writeFacetRows(
  db: Kysely<Database>,
  documentId: string,
  facets: DocumentFacets,
  tags: readonly string[],
): Promise<void> {
  // normaliseTags compares tags by lower case only; their facet key also folds inner spaces and the
  // encoding of accents, so "Site  Monitoring" after "Site Monitoring" is the same tag row (written once:
  // a second row would break the (document, facet, value_key) unique index and fail the save).
  const tagKeys = new Set<string>();
  const rows: FacetRow[] = [
    ...tags
      .map((value) => ({ facet: "tag" as const, value, value_key: facetKey(value) }))
      .filter((row) => !tagKeys.has(row.value_key) && tagKeys.add(row.value_key)),
    ...(facets.partner ? [facets.partner] : []).map((value) => ({ facet: "partner" as const, value, value_key: facetKey(value) })),
    ...facets.sectors.map((value) => ({ facet: "sector" as const, value, value_key: facetKey(value) })),
    ...facets.locations.map((value) => ({ facet: "location" as const, value, value_key: facetKey(value) })),
  ];
  await replaceFacetRows(
    db,
    documentId,
    rows.map((r) => ({ id: randomUUID(), ...r })),
  );
}

/** The document columns of stored facets. */
export function facetColumns(facets: DocumentFacets): { partner: string | null; sectors: string; locations: string } {
  return { partner: facets.partner, sectors: JSON.stringify(facets.sectors), locations: JSON.stringify(facets.locations) };
}
