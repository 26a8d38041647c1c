/**
 * The partner, sectors and locations of each demo document, by title: realistic values of the
 * Somalia response, in the one spelling the portal stores (the forms adopt these spellings for
 * the same values typed differently). Locations name districts (and Mogadishu); each is stored
 * after its region, so a search by region finds the district's documents too. Data only.
 */

/** The region of each district the demo documents are about. */
export const REGION_OF = {
  Mogadishu: "Banadir",
  Kahda: "Banadir",
  Daynile: "Banadir",
  Baidoa: "Bay",
  Doolow: "Gedo",
  Afgooye: "Lower Shabelle",
  Bosaso: "Bari",
  Galkayo: "Mudug",
  Beledweyne: "Hiraan",
  Hargeisa: "Woqooyi Galbeed",
  Kismayo: "Lower Juba",
} as const;

export type DemoDistrict = keyof typeof REGION_OF;

/** A document about the whole country rather than named districts. */
export const NATIONWIDE = "Somalia";

export interface DemoFacets {
  partner: string;
  sectors: string[];
  /** Districts, or nothing for a nationwide document. */
  where: DemoDistrict[];
}

const facets = (partner: string, sectors: string[], where: DemoDistrict[] = []): DemoFacets => ({ partner, sectors, where });

export const DEMO_DOCUMENT_FACETS: Record<string, DemoFacets> = {
  // Reports
  "Baidoa IDP Site Monitoring Report - Round 12": facets("IOM", ["CCCM", "Shelter/NFI", "WASH"], ["Baidoa"]),
  "Mogadishu IDP Site Monitoring Report - Kahda and Daynile": facets("IOM", ["CCCM", "WASH", "Protection"], ["Mogadishu", "Kahda", "Daynile"]),
  "Kismayo IDP Sites Monitoring Snapshot": facets("ACTED", ["CCCM", "Shelter/NFI"], ["Kismayo"]),
  "Eviction Trends Analysis - Banadir Region": facets("NRC", ["HLP", "Protection", "CCCM"], ["Mogadishu"]),
  "Monthly Eviction Figures by District": facets("NRC", ["HLP", "CCCM"], ["Mogadishu", "Baidoa", "Afgooye"]),
  "IDP Site Master List - Baidoa, Mogadishu and Kismayo": facets("CCCM Cluster Somalia", ["CCCM"], ["Baidoa", "Mogadishu", "Kismayo"]),
  "Beletweyne Flood Displacement and Relocation Assessment": facets("IOM", ["CCCM", "Shelter/NFI", "WASH"], ["Beledweyne"]),
  "Safety Audit Findings - Kahda District Sites": facets("DRC", ["Protection", "WASH"], ["Mogadishu", "Kahda"]),
  "CCCM Cluster Annual Report": facets("CCCM Cluster Somalia", ["CCCM"]),
  "Service Mapping Results - Baidoa Sites": facets("ACTED", ["CCCM", "WASH", "Health", "Nutrition", "Education"], ["Baidoa"]),
  // Guidelines
  "CCCM Guidance Note on Site Management in Informal Settlements": facets("CCCM Cluster Somalia", ["CCCM"]),
  "Community Feedback Mechanism (CFM) Guidance": facets("DRC", ["CCCM", "Protection"]),
  "Complaints Referral Pathways for IDP Sites": facets("DRC", ["Protection", "CCCM", "Health"], ["Mogadishu", "Baidoa"]),
  "Site Verification Methodology": facets("IOM", ["CCCM"]),
  "Guidance on Relocations and Decongestion of Overcrowded Sites": facets("UNHCR", ["CCCM", "Shelter/NFI", "HLP"]),
  "ASA and Localization Guidance Note": facets("CCCM Cluster Somalia", ["CCCM"]),
  "Data Collection Standards for Site Monitoring": facets("IOM", ["CCCM"]),
  "Guidelines for Sub-National CCCM Coordination Meetings": facets("CCCM Cluster Somalia", ["CCCM"], ["Baidoa", "Galkayo", "Bosaso", "Hargeisa"]),
  // Policies and standards
  "CCCM Cluster Somalia Strategy": facets("CCCM Cluster Somalia", ["CCCM", "Shelter/NFI", "Protection"]),
  "Terms of Reference - CCCM Strategic Advisory Group": facets("CCCM Cluster Somalia", ["CCCM"]),
  "Terms of Reference - Sub-National CCCM Coordination": facets("CCCM Cluster Somalia", ["CCCM"], ["Baidoa", "Doolow", "Galkayo", "Bosaso"]),
  "Minimum Standards for Site Management in Somalia": facets("UNHCR", ["CCCM", "Shelter/NFI", "WASH"]),
  // Training
  "CCCM Basic Training - Facilitator Guide": facets("IOM", ["CCCM"]),
  "Safety Audit Training Module": facets("DRC", ["Protection", "CCCM"]),
  "Site Committee Capacity Building Curriculum": facets("Concern Worldwide", ["CCCM", "Protection"], ["Afgooye", "Doolow"]),
  "Enumerator Training Notes - Site Monitoring Tool": facets("IOM", ["CCCM"], ["Galkayo"]),
  // Templates
  "Safety Audit Checklist": facets("DRC", ["Protection", "WASH"]),
  "Site Verification Form (CSV template)": facets("IOM", ["CCCM"]),
  "Monthly Partner Reporting Template": facets("CCCM Cluster Somalia", ["CCCM"]),
  "Coordination Meeting Minutes Template": facets("CCCM Cluster Somalia", ["CCCM"]),
  "Service Mapping Tool": facets("ACTED", ["CCCM", "WASH", "Health", "Education"]),
  // Presentations
  "CCCM Cluster Overview for New Partners": facets("CCCM Cluster Somalia", ["CCCM"]),
  "Net 2.0 Orientation Deck": facets("UNHCR", ["CCCM", "Shelter/NFI"], ["Bosaso", "Hargeisa"]),
  "Baidoa Site Monitoring Results Briefing": facets("IOM", ["CCCM", "WASH", "Food Security"], ["Baidoa"]),
  "Eviction Trends Briefing for Inter-Cluster Coordination": facets("NRC", ["HLP", "Protection", "Shelter/NFI"], ["Mogadishu", "Baidoa"]),
  // Updates
  "CCCM Cluster Monthly Update - Drought Response": facets("CCCM Cluster Somalia", ["CCCM", "Food Security", "WASH"], ["Baidoa", "Doolow", "Galkayo"]),
  "New Arrivals Situation Update - Baidoa": facets("Save the Children", ["CCCM", "Food Security", "Nutrition", "Health"], ["Baidoa"]),
  "Flood Preparedness Update for IDP Sites": facets("IOM", ["CCCM", "Shelter/NFI", "WASH"], ["Beledweyne", "Afgooye"]),
  "Cluster Bulletin: Site Verification Exercise Completed": facets("CCCM Cluster Somalia", ["CCCM"]),
  // Other
  "CCCM Glossary of Terms and Acronyms": facets("CCCM Cluster Somalia", ["CCCM"]),
};

/** The stored locations: each district after its region (regions once), or the country as a whole. */
export function demoLocations(where: readonly DemoDistrict[]): string[] {
  if (where.length === 0) return [NATIONWIDE];
  const out: string[] = [];
  for (const district of where) {
    const region = REGION_OF[district];
    if (!out.includes(region)) out.push(region);
    out.push(district);
  }
  return out;
}
