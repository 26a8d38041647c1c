/**
 * `npm run portal -- demo`: realistic demo content so a newcomer sees a living portal: documents
 * with real files in every category, the eleven guidance folders, dashboards, the navigation menu
 * and contacts. Idempotent: folders, dashboards, menu items and contacts have ids derived from
 * their names; documents are recognised by title. What exists is left untouched.
 */
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Category } from "~/lib/categories";
import { mimeForExtension } from "~/lib/mime";
import type { AppContext } from "../context";
import { createDocument, normaliseTags } from "../documents/documents.service";
import { folderKeys } from "../folders/folder-keys";
import { generateStorageKey } from "../storage";
import { iso } from "../time";
import { DEMO_DOCUMENT_FACETS, demoLocations } from "./data/document-facets";
import {
  contactExists,
  dashboardExists,
  insertContactIfAbsent,
  insertDashboardIfAbsent,
  insertFolderIfAbsent,
  insertMenuItemIfAbsent,
  menuItemExists,
  selectExistingDocumentTitles,
  selectFolderIdsByName,
  setDocumentDates,
} from "./demo.queries";
import { type CsvKind, type DemoFormat, renderDemoFile, seededRandom } from "./demo-files";

const DAY = 86_400_000;

/** A stable UUID for a demo row: sha256 of its kind and name, laid out as an RFC 9562 version 8 UUID. */
export function demoId(kind: string, name: string): string {
  const bytes = createHash("sha256").update(`cccm-portal-demo/${kind}/${name}`).digest().subarray(0, 16);
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x80, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Folders (admin-and-sharing section 3) -----------------------------------------------------------

export const DEMO_FOLDERS = [
  {
    name: "ASA & Localization",
    description: "ASA and localization: working through local partners, local authorities and site committees.",
    shared: false,
  },
  {
    name: "CFM & Referrals",
    description: "Community feedback mechanisms, complaint handling and referral pathways to other sectors.",
    shared: false,
  },
  {
    name: "Data Collection",
    description: "Data collection standards, enumerator guidance and the data sets produced by site monitoring.",
    shared: false,
  },
  {
    name: "Meeting Guidelines",
    description: "How CCCM coordination meetings are run at national and sub-national level, with templates.",
    shared: false,
  },
  { name: "Net 2.0", description: "Orientation material, roll-out notes and tools for Net 2.0.", shared: false },
  {
    name: "Operational Guidance",
    description: "Day-to-day site management guidance and the minimum standards for IDP sites.",
    shared: false,
  },
  {
    name: "Relocations & Decongestions",
    description: "Guidance and assessments for planned relocations and the decongestion of overcrowded sites.",
    shared: false,
  },
  {
    name: "Safety Audits",
    description: "Safety audit tools, training and findings on risks in sites for women, girls and other groups at risk.",
    shared: true,
  },
  { name: "Service Mapping", description: "Who does what where: service mapping tools and results by site.", shared: false },
  { name: "Site Verifications", description: "Site verification methodology, forms and the verified site master list.", shared: true },
  { name: "Strategy and TOR", description: "The cluster strategy and the terms of reference of its coordination bodies.", shared: false },
] as const;

type FolderName = (typeof DEMO_FOLDERS)[number]["name"];

// Documents ---------------------------------------------------------------------------------------

interface DemoDocument {
  title: string;
  description: string;
  category: Category;
  tags: string[];
  format: DemoFormat;
  pages?: number;
  csvKind?: CsvKind;
  folder?: FolderName;
  daysAgo: number;
  draft?: boolean;
}

function doc(
  category: Category,
  title: string,
  description: string,
  tags: string[],
  daysAgo: number,
  file: { format: DemoFormat; pages?: number; csvKind?: CsvKind },
  extra: { folder?: FolderName; draft?: boolean } = {},
): DemoDocument {
  return { category, title, description, tags, daysAgo, ...file, ...extra };
}

const pdf = (pages: number) => ({ format: "pdf" as const, pages });
const txt = { format: "txt" as const };
const csv = (csvKind: CsvKind) => ({ format: "csv" as const, csvKind });
const docx = { format: "docx" as const };
const pptx = { format: "pptx" as const };
const xlsx = (csvKind: CsvKind) => ({ format: "xlsx" as const, csvKind });

export const DEMO_DOCUMENTS: DemoDocument[] = [
  // Reports
  doc(
    "Report",
    "Baidoa IDP Site Monitoring Report - Round 12",
    "Results of the monthly monitoring round in IDP sites across Baidoa district: population estimates, shelter and WASH conditions, protection concerns and the service gaps reported by site committees.",
    ["Baidoa", "Bay", "Site Monitoring", "IDP Sites"],
    12,
    pdf(3),
  ),
  doc(
    "Report",
    "Mogadishu IDP Site Monitoring Report - Kahda and Daynile",
    "Site-level monitoring of living conditions in the Kahda and Daynile districts of Mogadishu, focusing on overcrowding, eviction threats and access to water and sanitation.",
    ["Mogadishu", "Banadir", "Kahda", "Daynile", "Site Monitoring"],
    47,
    pdf(3),
  ),
  doc(
    "Report",
    "Kismayo IDP Sites Monitoring Snapshot",
    "A short snapshot of conditions in IDP sites in Kismayo: new arrivals from rural areas, service coverage and the priority gaps for partners.",
    ["Kismayo", "Lower Juba", "Site Monitoring"],
    74,
    pdf(2),
  ),
  doc(
    "Report",
    "Eviction Trends Analysis - Banadir Region",
    "Forced evictions from IDP sites in the Banadir region over the last twelve months: where they happened, who was affected, the main drivers and what helped prevent them.",
    ["Evictions", "HLP", "Banadir", "Mogadishu"],
    103,
    pdf(3),
  ),
  doc(
    "Report",
    "Monthly Eviction Figures by District",
    "Households and individuals evicted each month over the past year, by region and district, with the main reason reported. Updated after each monitoring round.",
    ["Evictions", "Data", "HLP", "Banadir", "Bay"],
    21,
    csv("evictions"),
    { folder: "Data Collection" },
  ),
  doc(
    "Report",
    "IDP Site Master List - Baidoa, Mogadishu and Kismayo",
    "The verified list of IDP sites in Baidoa, Mogadishu and Kismayo with district, region, household and individual estimates and the date each site was last verified.",
    ["Site List", "Site Verification", "Baidoa", "Mogadishu", "Kismayo"],
    33,
    csv("site-list"),
    { folder: "Site Verifications" },
  ),
  doc(
    "Report",
    "Beletweyne Flood Displacement and Relocation Assessment",
    "Assessment of IDP sites affected by river flooding in Beletweyne and of candidate land for relocating flood-prone sites, prepared with the local authorities.",
    ["Beletweyne", "Hiraan", "Floods", "Relocation"],
    228,
    pdf(2),
    { folder: "Relocations & Decongestions" },
  ),
  doc(
    "Report",
    "Safety Audit Findings - Kahda District Sites",
    "Findings of safety audits in IDP sites in Kahda district (lighting, latrine and water point safety) and the recommendations agreed with site committees. Pending validation by partners.",
    ["Safety Audit", "GBV Risk Mitigation", "Kahda", "Protection"],
    9,
    pdf(2),
    { folder: "Safety Audits", draft: true },
  ),
  doc(
    "Report",
    "CCCM Cluster Annual Report",
    "The cluster's achievements over the year: sites covered, people reached, coordination and capacity building, and lessons for the year ahead.",
    ["Annual Report", "Cluster", "Achievements"],
    335,
    pdf(3),
  ),
  doc(
    "Report",
    "Service Mapping Results - Baidoa Sites",
    "Services available in each monitored site in Baidoa (water, sanitation, health, nutrition, education, lighting) with the responsible partner and whether the service works.",
    ["Service Mapping", "Baidoa", "3W"],
    88,
    csv("service-mapping"),
    { folder: "Service Mapping" },
  ),
  // Guidelines
  doc(
    "Guideline",
    "CCCM Guidance Note on Site Management in Informal Settlements",
    "Practical guidance for site management agencies working in informal settlements on private land: coordination at site level, community participation and the referral of gaps.",
    ["Site Management", "Guidance Note", "Informal Settlements"],
    402,
    pdf(3),
    { folder: "Operational Guidance" },
  ),
  doc(
    "Guideline",
    "Community Feedback Mechanism (CFM) Guidance",
    "How to set up and run a community feedback mechanism in IDP sites: channels, recording, closing the loop with communities, and data protection.",
    ["CFM", "AAP", "Feedback", "Accountability"],
    262,
    pdf(2),
    { folder: "CFM & Referrals" },
  ),
  doc(
    "Guideline",
    "Complaints Referral Pathways for IDP Sites",
    "Steps for referring complaints and service requests received in sites to the responsible partner or cluster, including sensitive cases.",
    ["CFM", "Referrals", "Protection"],
    251,
    txt,
    { folder: "CFM & Referrals" },
  ),
  doc(
    "Guideline",
    "Site Verification Methodology",
    "How IDP sites are verified: definitions, the verification form, field procedures, data cleaning and how the results update the site master list.",
    ["Site Verification", "Methodology", "Site List"],
    371,
    pdf(3),
    { folder: "Site Verifications" },
  ),
  doc(
    "Guideline",
    "Guidance on Relocations and Decongestion of Overcrowded Sites",
    "Principles and steps for voluntary relocation and decongestion, from identifying land and consulting communities to the move itself and follow-up.",
    ["Relocation", "Decongestion", "HLP", "Site Planning"],
    298,
    pdf(2),
    { folder: "Relocations & Decongestions" },
  ),
  doc(
    "Guideline",
    "ASA and Localization Guidance Note",
    "How partners apply the ASA approach and strengthen the leadership of local organisations, local authorities and site committees in site management.",
    ["ASA", "Localization", "Local Partners"],
    193,
    pdf(2),
    { folder: "ASA & Localization" },
  ),
  doc(
    "Guideline",
    "Data Collection Standards for Site Monitoring",
    "Standards for collecting, cleaning, storing and sharing site monitoring data, including responsible data handling and the cluster's data flow.",
    ["Data Collection", "Site Monitoring", "Data Protection"],
    352,
    pdf(2),
    { folder: "Data Collection" },
  ),
  doc(
    "Guideline",
    "Guidelines for Sub-National CCCM Coordination Meetings",
    "How district and regional CCCM coordination meetings are prepared, chaired and followed up, with a standard agenda and action tracking.",
    ["Coordination", "Meetings", "Sub-National"],
    283,
    txt,
    { folder: "Meeting Guidelines" },
  ),
  // Policies and standards
  doc(
    "Policy",
    "CCCM Cluster Somalia Strategy",
    "The cluster's strategic objectives, priority locations and approach for the current strategy period, agreed with the Strategic Advisory Group.",
    ["Strategy", "Cluster", "Priorities"],
    486,
    pdf(3),
    { folder: "Strategy and TOR" },
  ),
  doc(
    "Policy",
    "Terms of Reference - CCCM Strategic Advisory Group",
    "Membership, responsibilities and ways of working of the Strategic Advisory Group that guides the cluster's strategy and priorities.",
    ["TOR", "SAG", "Coordination"],
    474,
    pdf(2),
    { folder: "Strategy and TOR" },
  ),
  doc(
    "Policy",
    "Terms of Reference - Sub-National CCCM Coordination",
    "The roles of district and regional CCCM focal points and of the coordination forums they lead.",
    ["TOR", "Coordination", "Sub-National"],
    459,
    pdf(1),
    { folder: "Strategy and TOR" },
  ),
  doc(
    "Policy",
    "Minimum Standards for Site Management in Somalia",
    "The minimum standards every site management agency is expected to meet, with the indicators the cluster uses to follow progress.",
    ["Minimum Standards", "Site Management", "Quality"],
    421,
    pdf(3),
    { folder: "Operational Guidance" },
  ),
  // Training
  doc(
    "Training",
    "CCCM Basic Training - Facilitator Guide",
    "A one-day introduction to camp coordination and camp management for new partner staff, local authorities and site committee members.",
    ["Training", "Capacity Building", "Site Management"],
    512,
    docx,
  ),
  doc(
    "Training",
    "Safety Audit Training Module",
    "Training module for teams conducting safety audits in sites: purpose, observation and consultation techniques, and safe reporting of findings.",
    ["Training", "Safety Audit", "GBV Risk Mitigation"],
    212,
    pdf(2),
    { folder: "Safety Audits" },
  ),
  doc(
    "Training",
    "Site Committee Capacity Building Curriculum",
    "A curriculum to strengthen site committees: roles, inclusive representation, conflict resolution and working with service providers.",
    ["Training", "Site Committees", "Participation", "Localization"],
    151,
    pdf(2),
    { folder: "ASA & Localization" },
  ),
  doc(
    "Training",
    "Enumerator Training Notes - Site Monitoring Tool",
    "Notes for training enumerators on the revised site monitoring questionnaire, interview techniques and data quality checks. Draft for review.",
    ["Training", "Data Collection", "Site Monitoring"],
    6,
    txt,
    { folder: "Data Collection", draft: true },
  ),
  // Templates
  doc(
    "Template",
    "Safety Audit Checklist",
    "Checklist used during safety audits to record lighting, latrines, water points, shelter and other risk factors observed in a site.",
    ["Template", "Safety Audit", "Checklist"],
    207,
    pdf(2),
    { folder: "Safety Audits" },
  ),
  doc(
    "Template",
    "Site Verification Form (CSV template)",
    "The data entry template for site verification, with two worked example rows. One row per site; coordinates in decimal degrees.",
    ["Template", "Site Verification", "Data Collection"],
    366,
    csv("verification-template"),
    { folder: "Site Verifications" },
  ),
  doc(
    "Template",
    "Monthly Partner Reporting Template",
    "The template partners use to report their monthly site management activities, people reached and gaps to the district focal point.",
    ["Template", "Reporting", "Partners"],
    318,
    txt,
  ),
  doc(
    "Template",
    "Coordination Meeting Minutes Template",
    "A standard format for the minutes of CCCM coordination meetings, with attendance, decisions and an action tracker.",
    ["Template", "Meetings", "Coordination"],
    279,
    docx,
    { folder: "Meeting Guidelines" },
  ),
  doc(
    "Template",
    "Service Mapping Tool",
    "Tool for mapping the services in each site by sector, partner and functionality status, pre-filled with sample rows.",
    ["Template", "Service Mapping", "3W"],
    243,
    xlsx("service-mapping"),
    { folder: "Service Mapping" },
  ),
  // Presentations
  doc(
    "Presentation",
    "CCCM Cluster Overview for New Partners",
    "Slides introducing the cluster: the displacement context, the partners, the coordination structures and where to find tools and data.",
    ["Presentation", "Cluster", "Orientation"],
    62,
    pptx,
  ),
  doc(
    "Presentation",
    "Net 2.0 Orientation Deck",
    "Introductory slides on Net 2.0: objectives, roll-out plan and the roles of site management partners.",
    ["Presentation", "Net 2.0", "Orientation"],
    114,
    pptx,
    { folder: "Net 2.0" },
  ),
  doc(
    "Presentation",
    "Baidoa Site Monitoring Results Briefing",
    "Briefing slides on the main findings of the latest monitoring round in Baidoa, for partners and local authorities.",
    ["Presentation", "Baidoa", "Site Monitoring"],
    39,
    pdf(2),
  ),
  doc(
    "Presentation",
    "Eviction Trends Briefing for Inter-Cluster Coordination",
    "Key eviction figures and trends presented to the inter-cluster coordination group, with asks to other clusters and donors.",
    ["Presentation", "Evictions", "HLP", "Inter-Cluster"],
    141,
    pdf(2),
  ),
  // Updates
  doc(
    "Update",
    "CCCM Cluster Monthly Update - Drought Response",
    "Monthly update on the drought response in IDP sites: new arrivals, sites reached and the gaps in water and shelter.",
    ["Update", "Drought", "New Arrivals"],
    4,
    pdf(1),
  ),
  doc(
    "Update",
    "New Arrivals Situation Update - Baidoa",
    "Figures and trends on new arrivals to IDP sites in Baidoa, the areas they come from and their most urgent needs.",
    ["Update", "New Arrivals", "Baidoa", "Bay"],
    26,
    pdf(1),
  ),
  doc(
    "Update",
    "Flood Preparedness Update for IDP Sites",
    "Preparedness actions taken in flood-prone sites ahead of the rainy season, and the contacts to use for early warning.",
    ["Update", "Floods", "Preparedness", "Hiraan"],
    183,
    txt,
  ),
  doc(
    "Update",
    "Cluster Bulletin: Site Verification Exercise Completed",
    "Announcement of the completed site verification exercise, with headline figures and next steps. Draft awaiting sign-off.",
    ["Update", "Site Verification", "Bulletin"],
    2,
    pdf(1),
    { draft: true },
  ),
  // Other
  doc(
    "Other",
    "CCCM Glossary of Terms and Acronyms",
    "Definitions of the CCCM terms and acronyms used by the cluster and its partners in Somalia.",
    ["Glossary", "Acronyms", "Reference"],
    528,
    txt,
  ),
];

// Dashboards, menu, contacts ----------------------------------------------------------------------

const DASHBOARD_HOST = "https://dashboards.example.org";

export const DEMO_DASHBOARDS = [
  {
    title: "CCCM Site Monitoring Dashboard",
    provider: "POWERBI",
    type: "site_monitoring",
    category: "monitoring",
    path: "powerbi/cccm-site-monitoring",
    daysAgo: 300,
    description: "Monthly site monitoring indicators for IDP sites across Somalia: population, services and gaps by district.",
  },
  {
    title: "New Arrivals Tracker",
    provider: "TABLEAU",
    type: "new_arrivals",
    category: "new_arrivals",
    path: "tableau/new-arrivals-tracker",
    daysAgo: 200,
    description: "Weekly new arrivals to IDP sites by district of arrival and area of origin, with the reasons for displacement.",
  },
  {
    title: "IDP Site Facility Mapping",
    provider: "EXTERNAL",
    type: "facility_map",
    category: "facility_map",
    path: "maps/idp-site-facilities",
    daysAgo: 150,
    description: "Map of IDP sites and the facilities serving them: water points, latrines, health posts and learning centres.",
  },
  {
    title: "Eviction Trends",
    provider: "RSHINY",
    type: "other",
    category: "analytics",
    path: "shiny/eviction-trends",
    daysAgo: 90,
    description: "Reported evictions by month, region and district, with the main drivers.",
  },
] as const;

export const DEMO_MENU = [
  { title: "Home", url: "/", icon: "home" },
  { title: "Reports", url: "/reports", icon: "file-text" },
  { title: "Guidelines", url: "/guidelines", icon: "book-open" },
  { title: "Standards", url: "/standards", icon: "file-text" },
  { title: "Documents", url: "/documents", icon: "folder" },
  { title: "Dashboard", url: "/dashboards", icon: "bar-chart-3" },
  { title: "About", url: "/about", icon: "info" },
] as const;

export const DEMO_CONTACTS = [
  { label: "General inquiries", value: "info@cccm-somalia.example.org", type: "email" },
  { label: "Coordination team", value: "coordination@cccm-somalia.example.org", type: "email" },
  { label: "Website", value: "https://cccm-somalia.example.org", type: "other" },
] as const;

// Loading -----------------------------------------------------------------------------------------

interface Tally {
  added: number;
  present: number;
}

const tally = (): Tally => ({ added: 0, present: 0 });
const count = (t: Tally, added: boolean) => (added ? t.added++ : t.present++);

/** Loads whatever demo content is missing and returns a one-line summary for the console. */
export async function loadDemoContent(ctx: AppContext): Promise<string> {
  const now = ctx.now();
  const folders = await loadFolders(ctx, now);
  const documents = await loadDocuments(ctx, now, folders.ids);
  const dashboards = await loadDashboards(ctx, now);
  const menu = await loadMenu(ctx);
  const contacts = await loadContacts(ctx);

  const parts: [Tally, string, string][] = [
    [documents, "document", "documents"],
    [folders.tally, "folder", "folders"],
    [dashboards, "dashboard", "dashboards"],
    [menu, "menu item", "menu items"],
    [contacts, "contact", "contacts"],
  ];
  const added = parts.reduce((n, [t]) => n + t.added, 0);
  const present = parts.reduce((n, [t]) => n + t.present, 0);
  ctx.log.info({ added, present }, "demo content loaded");
  if (added === 0) {
    return `Demo content: nothing new added; all ${present} demo items were already present.`;
  }
  const list = parts.map(([t, one, many]) => `${t.added} ${t.added === 1 ? one : many}`).join(", ");
  return `Demo content: ${list} (${present} already present).`;
}

async function loadFolders(ctx: AppContext, now: Date): Promise<{ tally: Tally; ids: Map<string, string> }> {
  const t = tally();
  const ids = await selectFolderIdsByName(
    ctx.db.kysely,
    DEMO_FOLDERS.map((f) => f.name),
  );
  const createdAt = iso(new Date(now.getTime() - 540 * DAY));
  for (const folder of DEMO_FOLDERS) {
    if (ids.has(folder.name)) {
      count(t, false);
      continue;
    }
    const id = demoId("folder", folder.name);
    const added = await insertFolderIfAbsent(ctx.db.kysely, {
      id,
      name: folder.name,
      description: folder.description,
      ...folderKeys(folder.name, folder.description),
      is_public: 1,
      share_token: folder.shared ? randomBytes(32).toString("base64url") : null,
      view_count: 0,
      created_by_id: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    ids.set(folder.name, id);
    count(t, added);
  }
  return { tally: t, ids };
}

/** A working-hours time on the day `daysAgo` days before `now`, the same for every run on that day. */
function documentDate(now: Date, item: DemoDocument): Date {
  const day = new Date(now.getTime() - item.daysAgo * DAY);
  day.setUTCHours(5, 0, 0, 0); // 08:00 in Somalia (UTC+3)
  const minutes = seededRandom(`date|${item.title}`).int(0, 9 * 60);
  return new Date(Math.min(now.getTime(), day.getTime() + minutes * 60_000));
}

function fileNameOf(title: string, ext: string): string {
  const stem = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${stem}.${ext}`;
}

async function loadDocuments(ctx: AppContext, now: Date, folderIds: Map<string, string>): Promise<Tally> {
  const t = tally();
  const existing = await selectExistingDocumentTitles(
    ctx.db.kysely,
    DEMO_DOCUMENTS.map((d) => d.title),
  );
  for (const item of DEMO_DOCUMENTS) {
    if (existing.has(item.title)) {
      count(t, false);
      continue;
    }
    const date = documentDate(now, item);
    const bytes = await renderDemoFile({ ...item, date, seed: item.title });
    const ext = item.format;
    const mimeType = mimeForExtension(ext);
    const originalName = fileNameOf(item.title, ext);
    const key = generateStorageKey({ prefix: "documents", originalName, now: date });
    const stored = await ctx.storage.put(key, Readable.from([bytes]), { contentType: mimeType });
    const facets = DEMO_DOCUMENT_FACETS[item.title];
    const row = await createDocument(ctx, {
      title: item.title,
      description: item.description,
      category: item.category,
      tags: normaliseTags(item.tags),
      facets: facets && { partner: facets.partner, sectors: facets.sectors, locations: demoLocations(facets.where) },
      published: !item.draft,
      folderId: item.folder ? (folderIds.get(item.folder) ?? null) : null,
      uploadedBy: null,
      file: { key, originalName, ext, mimeType, size: stored.size, sha256: stored.sha256 },
    });
    await setDocumentDates(ctx.db.kysely, row.id, { createdAt: iso(date), updatedAt: iso(date) });
    count(t, true);
  }
  return t;
}

async function loadDashboards(ctx: AppContext, now: Date): Promise<Tally> {
  const t = tally();
  for (const [order, d] of DEMO_DASHBOARDS.entries()) {
    const id = demoId("dashboard", d.title);
    if (await dashboardExists(ctx.db.kysely, id, d.title)) {
      count(t, false);
      continue;
    }
    const createdAt = iso(new Date(now.getTime() - d.daysAgo * DAY));
    const added = await insertDashboardIfAbsent(ctx.db.kysely, {
      id,
      title: d.title,
      description: d.description,
      type: d.type,
      category: d.category,
      provider: d.provider,
      url: `${DASHBOARD_HOST}/${d.path}`,
      embed_url: `${DASHBOARD_HOST}/${d.path}?embed=true`,
      thumbnail_url: null,
      file_path: null,
      org_id: null,
      is_public: 1,
      display_order: order,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    count(t, added);
  }
  return t;
}

async function loadMenu(ctx: AppContext): Promise<Tally> {
  const t = tally();
  for (const [order, item] of DEMO_MENU.entries()) {
    const id = demoId("menu", item.url);
    if (await menuItemExists(ctx.db.kysely, id, item.url)) {
      count(t, false);
      continue;
    }
    count(t, await insertMenuItemIfAbsent(ctx.db.kysely, { id, ...item, display_order: order, is_active: 1 }));
  }
  return t;
}

async function loadContacts(ctx: AppContext): Promise<Tally> {
  const t = tally();
  for (const [order, contact] of DEMO_CONTACTS.entries()) {
    const id = demoId("contact", contact.value);
    if (await contactExists(ctx.db.kysely, id, contact.value)) {
      count(t, false);
      continue;
    }
    count(t, await insertContactIfAbsent(ctx.db.kysely, { id, ...contact, display_order: order, is_public: 1 }));
  }
  return t;
}
