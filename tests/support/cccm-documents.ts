import { sql } from "kysely";
import type { AppContext } from "~/.server/context";
import { createDocument } from "~/.server/documents/documents.service";
import type { Category } from "~/lib/categories";
import type { DocumentLanguage } from "~/lib/document-language";

/**
 * A library of realistic CCCM Somalia documents for search and list tests, written through
 * `createDocument`, so the search index and the facet rows are written the real way. Each
 * document is created one hour after the one before it (the first on 2025-11-03), so "newest
 * first" has one right answer; the last two are in 2026 for the year facet.
 */

export interface FixtureDocument {
  title: string;
  description: string;
  category: Category;
  /** The language it is written in; English by default. */
  language?: DocumentLanguage;
  tags?: string[];
  partner?: string;
  sectors?: string[];
  locations?: string[];
  /** The file's extension (the type facet); none: a document without a file. */
  ext?: "pdf" | "docx" | "xlsx" | "pptx" | "csv";
  published?: boolean;
  downloads?: number;
  /** When it was created; by default one hour after the one before. */
  createdAt?: string;
}

export const CCCM_DOCUMENTS: FixtureDocument[] = [
  {
    title: "Baidoa Site Monitoring Round 12",
    description: "Monthly site monitoring of IDP sites in Baidoa: shelter conditions, WASH gaps and service coverage across 480 sites.",
    category: "Report",
    tags: ["Site Monitoring", "Baidoa"],
    partner: "IOM",
    sectors: ["CCCM", "WASH"],
    locations: ["Baidoa", "Bay"],
    ext: "pdf",
    downloads: 40,
  },
  {
    title: "Kismayo Eviction Trends, Q1",
    description:
      "Forced evictions in Kismayo rose in the first quarter: notices from landowners, affected households and relocation sites.",
    category: "Report",
    tags: ["Evictions", "HLP"],
    partner: "NRC",
    sectors: ["HLP", "CCCM"],
    locations: ["Kismayo", "Lower Juba"],
    ext: "pdf",
    downloads: 75,
  },
  {
    title: "Dhúusamarreeb Flood Response Update",
    description: "Flash floods displaced families along the river; sites were relocated to higher ground and drainage was dug.",
    category: "Update",
    tags: ["Floods"],
    partner: "CCCM Cluster Somalia",
    sectors: ["CCCM", "Shelter/NFI"],
    locations: ["Dhúusamarreeb", "Galgaduud"],
    ext: "pdf",
  },
  {
    title: "Xeryaha barakacayaasha: hagaha maareynta",
    description: "Hagaha maareynta xeryaha barakacayaasha ee Soomaaliya, loogu talagalay maamulayaasha goobaha.",
    category: "Guideline",
    language: "so",
    tags: ["Somali", "Camp Management"],
    partner: "CCCM Cluster Somalia",
    sectors: ["CCCM"],
    ext: "pdf",
  },
  {
    title: "Eviction Prevention Guidance for Site Managers",
    description: "How site managers negotiate land tenure agreements with landowners to prevent forced eviction.",
    category: "Guideline",
    tags: ["Evictions", "HLP"],
    partner: "NRC",
    sectors: ["HLP"],
    ext: "docx",
    downloads: 12,
  },
  {
    title: "WASH Service Mapping in Baidoa IDP Sites",
    description: "Water points, latrines and handwashing stations mapped per site, with functionality and distance.",
    category: "Report",
    tags: ["WASH", "Mapping"],
    partner: "Save the Children",
    sectors: ["WASH"],
    locations: ["Baidoa", "Bay"],
    ext: "xlsx",
  },
  {
    title: "Minimum Standards for Camp Management",
    description: "The standards every camp management agency follows: participation, coordination, site planning and exit.",
    category: "Policy",
    tags: ["Standards", "Camp Management"],
    partner: "CCCM Cluster Somalia",
    sectors: ["CCCM"],
    ext: "pdf",
    downloads: 120,
  },
  {
    title: "Site Planning Standards for Displacement Sites",
    description: "Plot sizes, firebreaks, communal spaces and drainage for new and extended sites.",
    category: "Policy",
    tags: ["Standards", "Site Planning"],
    sectors: ["Shelter/NFI", "CCCM"],
    ext: "pdf",
  },
  {
    title: "Complaints and Feedback Mechanism (CFM) Guidance",
    description: "Setting up help desks and hotlines so displaced people can raise complaints and hear back.",
    category: "Guideline",
    tags: ["CFM", "AAP"],
    partner: "DRC",
    sectors: ["CCCM", "Protection"],
    ext: "docx",
  },
  {
    title: "Kismayo Site Verification Exercise",
    description: "Verification of 120 sites in Kismayo district: population figures, site boundaries and gatekeepers.",
    category: "Report",
    tags: ["Site Verification"],
    partner: "IOM",
    sectors: ["CCCM"],
    locations: ["Kismayo", "Lower Juba"],
    ext: "xlsx",
  },
  {
    title: "Gatekeeper Engagement Strategy",
    description: "Working with gatekeepers to reduce the exploitation of displaced people in informal sites of Mogadishu.",
    category: "Policy",
    tags: ["Gatekeepers", "Protection"],
    partner: "DRC",
    sectors: ["Protection", "CCCM"],
    locations: ["Mogadishu", "Banadir"],
    ext: "pdf",
  },
  {
    title: "Mogadishu Detailed Site Assessment",
    description: "Detailed site assessment of 1,900 IDP sites in Mogadishu: shelter, WASH, health and education.",
    category: "Report",
    tags: ["DSA", "Site Monitoring"],
    partner: "REACH",
    sectors: ["CCCM", "WASH", "Health"],
    locations: ["Mogadishu", "Banadir"],
    ext: "xlsx",
    downloads: 60,
  },
  {
    title: "Training Module: Introduction to Camp Coordination",
    description: "Five-day training for site management staff on camp coordination and camp management principles.",
    category: "Training",
    tags: ["Capacity Building", "Camp Management"],
    partner: "CCCM Cluster Somalia",
    sectors: ["CCCM"],
    ext: "pptx",
  },
  {
    title: "Site Monitoring Tool (Kobo form)",
    description: "A Kobo form for monthly site monitoring with skip logic and the cluster's indicators.",
    category: "Template",
    tags: ["Site Monitoring", "Tools"],
    partner: "IOM",
    sectors: ["CCCM"],
    ext: "xlsx",
  },
  {
    title: "Flood Preparedness Checklist for Beledweyne Sites",
    description: "Preparedness steps before the Gu rains: relocation routes, drainage and early warning.",
    category: "Guideline",
    tags: ["Floods", "Preparedness"],
    sectors: ["CCCM", "Shelter/NFI"],
    locations: ["Beledweyne", "Hiraan"],
    ext: "pdf",
  },
  {
    title: "Fire Safety in IDP Sites",
    description: "Fire prevention, firebreaks and community fire wardens in congested sites.",
    category: "Guideline",
    tags: ["Fire Safety"],
    sectors: ["Shelter/NFI"],
    ext: "pdf",
  },
  {
    title: "Relocation of Households from Flood-Prone Areas",
    description: "Planned relocation of 3,000 households away from the Shabelle river banks.",
    category: "Report",
    tags: ["Relocation", "Floods"],
    partner: "IOM",
    sectors: ["CCCM", "Shelter/NFI"],
    locations: ["Beledweyne", "Hiraan"],
    ext: "pdf",
  },
  {
    title: "CCCM Cluster Somalia Strategy",
    description: "The cluster's strategy: an area-based approach, durable solutions, eviction prevention and site monitoring.",
    category: "Policy",
    tags: ["Strategy"],
    partner: "CCCM Cluster Somalia",
    sectors: ["CCCM"],
    ext: "pdf",
    downloads: 90,
  },
  {
    title: "Cholera Response in Baidoa Sites",
    description: "Oral rehydration points and chlorination of water in the sites with cholera cases.",
    category: "Update",
    tags: ["Cholera", "WASH"],
    partner: "Save the Children",
    sectors: ["WASH", "Health"],
    locations: ["Baidoa", "Bay"],
  },
  {
    title: "Qorshaha Biyaha iyo Nadaafadda",
    description: "Biyaha nadiifka ah iyo musqulaha xeryaha barakacayaasha ee Baydhabo.",
    category: "Report",
    language: "so",
    tags: ["Somali", "WASH"],
    sectors: ["WASH"],
    locations: ["Baidoa"],
    ext: "docx",
  },
  {
    title: "Community Committee Elections Guidance",
    description: "How displaced communities elect site committees, with women's representation on every committee.",
    category: "Guideline",
    tags: ["Participation", "Governance"],
    partner: "DRC",
    sectors: ["CCCM"],
    ext: "docx",
  },
  {
    title: "Women's Safety Audit in Kahda Sites",
    description: "Lighting, latrine locks and safe spaces for women and girls in the sites of Kahda.",
    category: "Report",
    tags: ["Safety Audit", "GBV"],
    partner: "DRC",
    sectors: ["Protection", "WASH"],
    locations: ["Kahda", "Mogadishu"],
    ext: "pdf",
  },
  {
    title: "Monthly Dashboard Update, March",
    description: "Key figures: sites monitored, evictions recorded and new arrivals.",
    category: "Update",
    tags: ["Dashboard"],
    partner: "CCCM Cluster Somalia",
    sectors: ["CCCM"],
    ext: "pdf",
  },
  {
    title: "Durable Solutions Framework",
    description: "Local integration, return and resettlement options for protracted displacement.",
    category: "Policy",
    tags: ["Durable Solutions"],
    sectors: ["CCCM", "HLP"],
    ext: "pdf",
  },
  {
    title: "Glossary of CCCM Terms",
    description: "Definitions of camp, site, settlement, gatekeeper and eviction as the cluster uses them.",
    category: "Other",
  },
  {
    title: "Site Maintenance Template",
    description: "A work plan for drainage, latrine desludging and shelter repairs.",
    category: "Template",
    tags: ["Tools"],
    sectors: ["WASH", "Shelter/NFI"],
    ext: "csv",
  },
  {
    title: "Eviction Monitoring Dashboard Guide",
    description: "How to read the dashboard: forced evictions by district and month.",
    category: "Guideline",
    tags: ["Evictions", "Dashboard"],
    partner: "NRC",
    sectors: ["HLP"],
    ext: "pdf",
  },
  {
    title: "مخيمات النازحين في بيدوا",
    description: "تقرير عن مُخَيَّمات النازحين وخدمات المياه في بيدوا.",
    category: "Report",
    language: "other",
    tags: ["Arabic"],
    sectors: ["CCCM"],
    locations: ["Baidoa"],
    ext: "pdf",
  },
  {
    title: "Draft Kismayo Eviction Response Plan",
    description: "Draft plan for evictions in Kismayo: never shown on a public list.",
    category: "Report",
    tags: ["Evictions", "Draft"],
    partner: "NRC",
    locations: ["Kismayo"],
    ext: "pdf",
    published: false,
  },
  {
    title: "New Arrivals in Dhuusamarreeb Sites",
    description: "Households arriving from rural Galgaduud after the drought, by site and month.",
    category: "Report",
    tags: ["New Arrivals"],
    partner: "IOM",
    sectors: ["CCCM"],
    locations: ["Dhúusamarreeb", "Galgaduud"],
    ext: "pdf",
    createdAt: "2026-01-01T00:00:00.000Z",
  },
  {
    title: "Kahda Site Monitoring Round 3",
    description: "Site monitoring in Kahda: shelter, WASH and protection concerns reported by site committees.",
    category: "Report",
    tags: ["Site Monitoring"],
    partner: "IOM",
    sectors: ["CCCM", "WASH"],
    locations: ["Kahda", "Mogadishu"],
    ext: "pdf",
    createdAt: "2026-02-14T09:00:00.000Z",
  },
];

const FIRST = Date.parse("2025-11-03T08:00:00.000Z");
const HOUR = 3_600_000;

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  csv: "text/csv",
};

/**
 * Writes the fixture through the documents service; `setClock` moves the clock the context reads.
 * Returns the ids by title.
 */
export async function seedCccmDocuments(
  ctx: AppContext,
  setClock: (at: Date) => void,
  documents: readonly FixtureDocument[] = CCCM_DOCUMENTS,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [i, doc] of documents.entries()) {
    setClock(new Date(doc.createdAt ?? FIRST + i * HOUR));
    const row = await createDocument(ctx, {
      title: doc.title,
      description: doc.description,
      category: doc.category,
      language: doc.language,
      tags: doc.tags ?? [],
      published: doc.published ?? true,
      facets: { partner: doc.partner ?? null, sectors: doc.sectors ?? [], locations: doc.locations ?? [] },
      uploadedBy: null,
      file: doc.ext
        ? {
            key: `documents/fixture-${i}.${doc.ext}`,
            originalName: `fixture-${i}.${doc.ext}`,
            ext: doc.ext,
            mimeType: MIME[doc.ext]!,
            size: 1000 + i,
            sha256: "0".repeat(64),
          }
        : null,
    });
    if (doc.downloads) await sql`update documents set download_count = ${doc.downloads} where id = ${row.id}`.execute(ctx.db.kysely);
    ids.set(doc.title, row.id);
  }
  return ids;
}

/**
 * One published report beside the fixture, recorded with a 2.4 MB PDF whose bytes are not stored
 * (for tests of what pages and feeds say about a document: escapes, sizes, heads).
 */
export function createPublishedReport(ctx: AppContext, fields: { title: string; description: string; tags: string[] }) {
  return createDocument(ctx, {
    ...fields,
    category: "Report",
    published: true,
    uploadedBy: null,
    file: {
      key: "documents/report.pdf",
      originalName: "report.pdf",
      ext: "pdf",
      mimeType: "application/pdf",
      size: 2_516_582,
      sha256: "0".repeat(64),
    },
  });
}

/** The published documents of the fixture. */
export const PUBLISHED_CCCM = CCCM_DOCUMENTS.filter((d) => d.published !== false);
