/**
 * `portal fill-documents --count N`: N generated documents for the scale benchmark (bench/scale.mjs),
 * inserted straight into the tables in batches, without files. Realistic on the axes lists and search
 * depend on: titles, descriptions, tags, partners, sectors and locations combined from the demo
 * pools (with site names, rounds, years and figures, so words have a long tail and searches a
 * realistic selectivity); dates spread over ten years; every category and file type; about 7%
 * unpublished; a tenth of the documents in folders, a few with share links. Deterministic for a seed.
 *
 * It writes documents and their facet rows as the documents service would, then rebuilds the
 * search index and advances the search version (decision 0015), so the portal sees a consistent
 * database. For benchmarks and trials only: the stored file of each document does not exist.
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Category } from "~/lib/categories";
import { facetKey } from "~/lib/document-facets";
import { mimeForExtension } from "~/lib/mime";
import type { AppContext } from "../context";
import type { Engine } from "../db/client";
import type { Database } from "../db/types";
import { folderKeys } from "../folders/folder-keys";
import { bumpSearchVersion } from "../search/search-index";
import { DEMO_DOCUMENT_FACETS, NATIONWIDE } from "./data/document-facets";
import { PLACES, SITE_WORDS } from "./data/places";
import { SECTION_PLANS, SENTENCES } from "./data/sections";
import { DEMO_DOCUMENTS, DEMO_FOLDERS } from "./demo.service";

/** Documents per transaction (and per multi-row insert). */
const BATCH = 500;
const YEARS = 10;
const DAY = 86_400_000;

/** A small fast generator (mulberry32): the filler draws tens of millions of numbers. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  /** Skewed towards the start of the list (the most used values first), like real facet values. */
  const skewed = <T>(items: readonly T[]): T => items[Math.floor(next() ** 2 * items.length)] as T;
  const sample = <T>(items: readonly T[], count: number, draw: (xs: readonly T[]) => T = pick): T[] => {
    const out = new Set<T>();
    for (let tries = 0; out.size < Math.min(count, items.length) && tries < count * 10; tries++) out.add(draw(items));
    return [...out];
  };
  const weighted = <T>(table: ReadonlyArray<readonly [T, number]>): T => {
    let x = next() * table.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of table) {
      x -= w;
      if (x < 0) return value;
    }
    return table[table.length - 1]![0];
  };
  return { next, int, pick, skewed, sample, weighted };
}
type Rng = ReturnType<typeof rng>;

// Pools ------------------------------------------------------------------------------------------

const CATEGORY_WEIGHTS: ReadonlyArray<readonly [Category, number]> = [
  ["Report", 34],
  ["Guideline", 12],
  ["Policy", 7],
  ["Training", 10],
  ["Template", 9],
  ["Presentation", 10],
  ["Update", 13],
  ["Other", 5],
];

const EXTENSION_WEIGHTS: ReadonlyArray<readonly [string | null, number]> = [
  ["pdf", 55],
  ["docx", 10],
  ["doc", 2],
  ["xlsx", 7],
  ["xls", 1],
  ["csv", 4],
  ["pptx", 9],
  ["ppt", 1],
  ["txt", 3],
  ["jpg", 2],
  ["png", 2],
  ["gif", 1],
  [null, 3],
];

/** Partners, the demo's first, then organisations of the Somalia response (most used first). */
const PARTNERS = [
  ...new Set([
    ...Object.values(DEMO_DOCUMENT_FACETS).map((f) => f.partner),
    "UNHCR",
    "Save the Children",
    "World Vision",
    "CARE Somalia",
    "Mercy Corps",
    "Oxfam",
    "Somali Red Crescent Society",
    "SHACDO",
    "GREDO",
    "Juba Foundation",
    "Tiyeglow Foundation",
    "Wardi Relief and Development Initiatives",
    "Somali Aid",
    "Gargaar Relief and Development Organization",
    "Intersos",
    "Islamic Relief",
    "World Relief",
    "Action Against Hunger",
  ]),
];

const SECTORS = [...new Set(Object.values(DEMO_DOCUMENT_FACETS).flatMap((f) => f.sectors))];
const DEMO_TAGS = [...new Set(DEMO_DOCUMENTS.flatMap((d) => d.tags))];

const TOPICS = [
  "Site Monitoring",
  "Eviction Trends",
  "Safety Audit",
  "Service Mapping",
  "Flood Displacement",
  "Drought Displacement",
  "Site Verification",
  "Relocation Planning",
  "Decongestion",
  "Community Feedback",
  "WASH Gaps",
  "Shelter Conditions",
  "Protection Risks",
  "New Arrivals",
  "Fire Incidents",
  "Land Tenure",
  "Site Committee Elections",
  "Lighting and Safety",
  "Cash Assistance",
  "Solid Waste Management",
  "Population Movement",
  "Rapid Needs Assessment",
];

const TITLE_FORMS: Record<Category, Array<(r: Rng, c: TitleContext) => string>> = {
  Report: [
    (r, c) => `${c.district} IDP Site Monitoring Report - Round ${r.int(1, 40)}`,
    (_, c) => `${c.topic} Assessment - ${c.district}`,
    (_, c) => `${c.topic} Findings - ${c.district} District Sites`,
    (_, c) => `${c.region} ${c.topic} Analysis ${c.year}`,
    (_, c) => `${c.site} Site Profile - ${c.district}`,
  ],
  Guideline: [
    (_, c) => `Guidance Note on ${c.topic}`,
    (_, c) => `${c.topic} Guidelines for ${c.district} Partners`,
    (_, c) => `Operational Guidance: ${c.topic} in IDP Sites (${c.year})`,
  ],
  Policy: [
    (_, c) => `Minimum Standards for ${c.topic}`,
    (_, c) => `Terms of Reference - ${c.region} CCCM Working Group ${c.year}`,
    (_, c) => `CCCM Cluster Somalia Strategy ${c.year}`,
  ],
  Training: [
    (_, c) => `${c.topic} Training Module`,
    (_, c) => `${c.topic} Training Report - ${c.district}`,
    (_, c) => `Facilitator Guide: ${c.topic}`,
  ],
  Template: [
    (_, c) => `${c.topic} Form (template)`,
    (_, c) => `${c.topic} Checklist`,
    (_, c) => `Monthly ${c.topic} Reporting Template ${c.year}`,
  ],
  Presentation: [
    (_, c) => `${c.topic} Briefing - ${c.district}`,
    (r, c) => `${c.region} Coordination Meeting Slides - ${c.month} ${c.year} (${r.pick(["part 1", "part 2", "summary"])})`,
  ],
  Update: [
    (_, c) => `${c.district} Situation Update - ${c.month} ${c.year}`,
    (_, c) => `CCCM Cluster Monthly Update - ${c.month} ${c.year}`,
    (_, c) => `${c.topic} Update - ${c.region}`,
  ],
  Other: [(_, c) => `${c.topic} - Key Terms and Acronyms`, (_, c) => `${c.site} Site Map - ${c.district}`],
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

interface TitleContext {
  district: string;
  region: string;
  topic: string;
  site: string;
  year: number;
  month: string;
}

// One document ----------------------------------------------------------------------------------

function makeDocument(r: Rng, now: number, folders: readonly string[]) {
  const category = r.weighted(CATEGORY_WEIGHTS);
  const createdAt = new Date(now - Math.floor(r.next() * YEARS * 365 * DAY) - r.int(0, DAY - 1));
  const places =
    r.next() < 0.2
      ? []
      : r.sample(
          PLACES,
          r.weighted([
            [1, 6],
            [2, 3],
            [3, 1],
          ] as const),
          r.skewed,
        );
  const main = places[0] ?? r.pick(PLACES);
  const context: TitleContext = {
    district: main.district,
    region: main.region,
    topic: r.skewed(TOPICS),
    site: `${r.pick(SITE_WORDS)} ${r.int(1, 9)}`,
    year: createdAt.getUTCFullYear(),
    month: MONTHS[createdAt.getUTCMonth()]!,
  };
  // A fifth are a demo document's title and description, set elsewhere or later: the words editors use most.
  const base = r.next() < 0.2 ? r.pick(DEMO_DOCUMENTS) : null;
  const title = base
    ? `${base.title.replace(/ - .*$/, "")} - ${context.district} ${context.year}`
    : r.pick(TITLE_FORMS[category])(r, context);
  const description = describeDocument(
    r,
    base?.category ?? category,
    context,
    places.length === 0 ? "the target districts" : main.district,
    base?.description,
  );

  const topicTag = context.topic.split(" ").slice(0, 2).join(" ");
  const tags = [...new Set([topicTag, ...r.sample(DEMO_TAGS, r.int(1, 4), r.skewed), ...(places.length ? [main.district] : [])])].slice(
    0,
    6,
  );
  const partner = r.next() < 0.05 ? null : r.skewed(PARTNERS);
  const sectors = r.sample(SECTORS, r.int(1, 3), r.skewed);
  const locations: string[] = [];
  for (const place of places) {
    if (!locations.includes(place.region)) locations.push(place.region);
    locations.push(place.district);
  }
  if (locations.length === 0 && r.next() < 0.7) locations.push(NATIONWIDE);

  const ext = r.weighted(EXTENSION_WEIGHTS);
  const id = randomUUID();
  const published = r.next() < 0.07 ? 0 : 1;
  const fileName = `${title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "")}${ext ? `.${ext}` : ""}`;
  const downloads = Math.floor(r.next() ** 6 * 2_000);
  const createdIso = createdAt.toISOString();
  const row = {
    id,
    title,
    description,
    category,
    tags: JSON.stringify(tags),
    file_path: ext ? `documents/${createdIso.slice(0, 4)}/${createdIso.slice(5, 7)}/${createdAt.getTime()}-${id}.${ext}` : null,
    original_filename: ext ? fileName : null,
    size: ext ? r.int(20_000, 8_000_000) : null,
    mime_type: ext ? mimeForExtension(ext) : null,
    file_ext: ext,
    sha256: ext ? randomUUID().replaceAll("-", "").repeat(2) : null,
    folder_id: folders.length > 0 && r.next() < 0.1 ? r.pick(folders) : null,
    published,
    share_token: r.next() < 0.01 ? randomUUID().replaceAll("-", "") : null,
    view_count: downloads * r.int(1, 4),
    download_count: downloads,
    partner,
    sectors: JSON.stringify(sectors),
    locations: JSON.stringify(locations),
    uploaded_by: null,
    created_at: createdIso,
    updated_at: r.next() < 0.2 ? new Date(Math.min(now, createdAt.getTime() + r.int(1, 90) * DAY)).toISOString() : createdIso,
    file_missing_at: null,
  };
  const facets: Array<{ facet: Database["document_facets"]["facet"]; value: string }> = [
    ...tags.map((value) => ({ facet: "tag" as const, value })),
    ...(partner ? [{ facet: "partner" as const, value: partner }] : []),
    ...sectors.map((value) => ({ facet: "sector" as const, value })),
    ...locations.map((value) => ({ facet: "location" as const, value })),
  ];
  return { row, facets };
}

/** Two to four sentences of the category's sections, figures filled in, or a demo description set in this place. */
function describeDocument(r: Rng, category: Category, c: TitleContext, place: string, demo: string | undefined): string {
  const sites = r.int(4, 90);
  const households = sites * r.int(60, 450);
  const values: Record<string, string> = {
    place,
    sites: String(sites),
    weeks: String(r.int(2, 8)),
    households: households.toLocaleString("en-US"),
    individuals: Math.round(households * (5.3 + r.next())).toLocaleString("en-US"),
    percent: String(r.int(15, 80)),
    percentB: String(r.int(10, 60)),
    evictionSites: String(r.int(2, Math.max(3, Math.floor(sites / 5)))),
    arrivalSites: String(r.int(3, Math.max(4, Math.floor(sites / 3)))),
    auditSites: String(r.int(3, 40)),
  };
  const plan = SECTION_PLANS[category] ?? SECTION_PLANS.Other!;
  const sentences: string[] = [];
  if (demo) sentences.push(demo);
  const count = r.int(2, demo ? 2 : 4);
  for (let i = 0; i < count; i++) {
    const pool = SENTENCES[r.pick(plan)] ?? [];
    if (pool.length) sentences.push(r.pick(pool).replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key));
  }
  if (r.next() < 0.5)
    sentences.push(`Covers ${c.site} and ${r.int(2, 30)} other sites in ${c.district} (${c.region}), ${c.month} ${c.year}.`);
  return [...new Set(sentences)].join(" ");
}

// The fill ---------------------------------------------------------------------------------------

export interface FillSummary {
  documents: number;
  facetRows: number;
  folders: number;
  /** The link token of a shared folder that holds some of the documents (/shared/folder/<token>). */
  sharedFolderToken: string | null;
  seconds: { insert: number; statistics: number };
}

/** Adds `count` generated documents (and a few folders to hold some); existing rows are kept. */
export async function fillDocuments(ctx: AppContext, options: { count: number; seed?: number }): Promise<FillSummary> {
  const db = ctx.db.kysely;
  const engine = ctx.db.engine;
  const r = rng(options.seed ?? 1);
  const now = Date.now();
  const t0 = performance.now();
  // A larger page cache for this command's connection: the facet indexes are filled in random order.
  if (engine === "sqlite") await sql`pragma cache_size = -262144`.execute(db);
  const { ids: folders, sharedToken } = await makeFolders(db, r, now);
  let facetRows = 0;
  for (let done = 0; done < options.count; done += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, options.count - done) }, () => makeDocument(r, now, folders));
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("documents")
        .values(docs.map((d) => d.row))
        .execute();
      const facets = docs.flatMap((d) =>
        d.facets.map((f) => ({ id: randomUUID(), document_id: d.row.id, facet: f.facet, value: f.value, value_key: facetKey(f.value) })),
      );
      // At most about 6,000 bound values a statement (SQLite allows 32,766, PostgreSQL 65,535).
      for (let i = 0; i < facets.length; i += 1_000)
        await trx
          .insertInto("document_facets")
          .values(facets.slice(i, i + 1_000))
          .execute();
      facetRows += facets.length;
    });
  }
  const t1 = performance.now();
  // Written in bulk, without a change per document: every list index loads everything again.
  await bumpSearchVersion(db);
  await analyse(db, engine);
  const t2 = performance.now();
  return {
    documents: options.count,
    facetRows,
    folders: folders.length,
    sharedFolderToken: sharedToken,
    seconds: { insert: (t1 - t0) / 1000, statistics: (t2 - t1) / 1000 },
  };
}

/** Folders named after the demo's guidance folders, per region; the first of each is shared by link. */
async function makeFolders(db: Kysely<Database>, r: Rng, now: number): Promise<{ ids: string[]; sharedToken: string | null }> {
  const at = new Date(now).toISOString();
  const rows = DEMO_FOLDERS.flatMap((f, i) =>
    [...new Set(PLACES.map((p) => p.region))].map((region, j) => ({
      id: randomUUID(),
      name: `${f.name} - ${region}`,
      description: f.description,
      ...folderKeys(`${f.name} - ${region}`, f.description),
      is_public: 1,
      share_token: j === 0 && i % 3 === 0 ? randomUUID().replaceAll("-", "") : null,
      view_count: r.int(0, 500),
      created_by_id: null,
      created_at: at,
      updated_at: at,
    })),
  );
  await db.insertInto("folders").values(rows).execute();
  return { ids: rows.map((f) => f.id), sharedToken: rows.find((f) => f.share_token)?.share_token ?? null };
}

/**
 * PostgreSQL: what autovacuum does shortly after a bulk load anyway (planner statistics, the
 * visibility map), done now, so it does not run in the middle of a benchmark measuring the
 * steady state. SQLite: nothing, as the portal never runs ANALYZE there; plans must be good without it.
 */
async function analyse(db: Kysely<Database>, engine: Engine): Promise<void> {
  if (engine === "postgres") await sql`vacuum analyze`.execute(db);
}
