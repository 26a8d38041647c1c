/**
 * A document's facets: its partner (one organisation), sectors and locations (lists). They are
 * what the detail page shows and what the faceted search filters on, so every form stores them
 * the same way: trimmed, inner white space collapsed, accents composed (NFC), repeats dropped
 * ignoring case. The server also adopts the spelling already stored for the same value
 * (app/.server/documents/facets.ts). Pure, so the forms can use the limits too.
 */

export const FACET_LIMITS = {
  /** Characters of the partner's name. */
  partnerLength: 120,
  /** Characters of one sector or location. */
  itemLength: 80,
  /** Sectors, and locations, one document may have. */
  items: 20,
} as const;

export const FACET_MESSAGES = {
  partnerTooLong: `Validation Error: Partner must be at most ${FACET_LIMITS.partnerLength} characters`,
  sectorTooLong: `Validation Error: Each sector must be at most ${FACET_LIMITS.itemLength} characters`,
  locationTooLong: `Validation Error: Each location must be at most ${FACET_LIMITS.itemLength} characters`,
  tooManySectors: `Validation Error: Please give at most ${FACET_LIMITS.items} sectors`,
  tooManyLocations: `Validation Error: Please give at most ${FACET_LIMITS.items} locations`,
} as const;

export type FacetField = "partner" | "sectors" | "locations";

export interface DocumentFacets {
  partner: string | null;
  sectors: string[];
  locations: string[];
}

/** What a form sends: the partner box, and every sector and location box (each may hold a list). */
export interface DocumentFacetsInput {
  partner: string;
  sectors: string[];
  locations: string[];
}

export const EMPTY_FACETS_INPUT: DocumentFacetsInput = { partner: "", sectors: [], locations: [] };

export function cleanFacetValue(raw: string): string {
  return raw.normalize("NFC").replace(/\s+/g, " ").trim();
}

/** The value as compared: "Shelter/NFI" and "shelter/nfi" are one value. */
export function facetKey(value: string): string {
  return cleanFacetValue(value).toLowerCase();
}

/** Every box's values, split on commas and semicolons (a pasted list), cleaned, each value once. */
export function splitFacetList(boxes: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of boxes.flatMap((box) => box.split(/[,;]/))) {
    const value = cleanFacetValue(part);
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

export type FacetsReading = { ok: true; facets: DocumentFacets } | { ok: false; field: FacetField; message: string };

/** A form's facets as they will be stored, or the message of the first limit they pass. */
export function readDocumentFacets(input: DocumentFacetsInput): FacetsReading {
  const partner = cleanFacetValue(input.partner) || null;
  if (partner && partner.length > FACET_LIMITS.partnerLength)
    return { ok: false, field: "partner", message: FACET_MESSAGES.partnerTooLong };
  const sectors = splitFacetList(input.sectors);
  if (sectors.length > FACET_LIMITS.items) return { ok: false, field: "sectors", message: FACET_MESSAGES.tooManySectors };
  if (sectors.some((s) => s.length > FACET_LIMITS.itemLength))
    return { ok: false, field: "sectors", message: FACET_MESSAGES.sectorTooLong };
  const locations = splitFacetList(input.locations);
  if (locations.length > FACET_LIMITS.items) return { ok: false, field: "locations", message: FACET_MESSAGES.tooManyLocations };
  if (locations.some((l) => l.length > FACET_LIMITS.itemLength)) {
    return { ok: false, field: "locations", message: FACET_MESSAGES.locationTooLong };
  }
  return { ok: true, facets: { partner, sectors, locations } };
}

/** The facets of a multipart or url-encoded form: `partner`, and every `sectors` and `locations` box. */
export function facetsInputOf(get: (name: string) => string[]): DocumentFacetsInput {
  return { partner: get("partner")[0] ?? "", sectors: get("sectors"), locations: get("locations") };
}

/** Suggestions for the forms' lists: existing values, each field's own list. */
export interface FacetSuggestions {
  partners: string[];
  sectors: string[];
  locations: string[];
}

export const NO_SUGGESTIONS: FacetSuggestions = { partners: [], sectors: [], locations: [] };
