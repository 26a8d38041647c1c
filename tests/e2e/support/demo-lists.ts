/**
 * What the reports, guidelines and standards pages must show for the demo
 * content (app/.server/demo/demo.service.ts): the spec's texts and the demo's
 * published titles per category (ARCHITECTURE.md section 4: Standards = Policy).
 */
export const LISTS = [
  {
    path: "/reports",
    category: "Report",
    heading: "Reports",
    searchLabel: "Search reports",
    placeholder: "Search reports...",
    count: (n: number) => `${n} report(s) found`,
    empty: "No reports found matching your criteria.",
    copied: "Document link copied to clipboard",
    loadError: "Failed to load reports. Please try again.",
    titles: [
      "Baidoa IDP Site Monitoring Report - Round 12",
      "Mogadishu IDP Site Monitoring Report - Kahda and Daynile",
      "Kismayo IDP Sites Monitoring Snapshot",
      "Eviction Trends Analysis - Banadir Region",
      "Monthly Eviction Figures by District",
      "IDP Site Master List - Baidoa, Mogadishu and Kismayo",
      "Beletweyne Flood Displacement and Relocation Assessment",
      "CCCM Cluster Annual Report",
      "Service Mapping Results - Baidoa Sites",
    ],
    search: { q: "KISMAYO", titles: ["Kismayo IDP Sites Monitoring Snapshot", "IDP Site Master List - Baidoa, Mogadishu and Kismayo"] },
    download: { title: "Monthly Eviction Figures by District", file: "Monthly_Eviction_Figures_by_District.csv" },
  },
  {
    path: "/guidelines",
    category: "Guideline",
    heading: "Guidelines & Procedures",
    searchLabel: "Search guidelines",
    placeholder: "Search guidelines...",
    count: (n: number) => `${n} guideline(s) found`,
    empty: "No guidelines found matching your criteria.",
    copied: "Document link copied to clipboard",
    loadError: "Failed to load guidelines. Please try again.",
    titles: [
      "CCCM Guidance Note on Site Management in Informal Settlements",
      "Community Feedback Mechanism (CFM) Guidance",
      "Complaints Referral Pathways for IDP Sites",
      "Site Verification Methodology",
      "Guidance on Relocations and Decongestion of Overcrowded Sites",
      "ASA and Localization Guidance Note",
      "Data Collection Standards for Site Monitoring",
      "Guidelines for Sub-National CCCM Coordination Meetings",
    ],
    // "Complaints Referral Pathways" matches through its "CFM" tag only.
    search: { q: "cfm", titles: ["Community Feedback Mechanism (CFM) Guidance", "Complaints Referral Pathways for IDP Sites"] },
    download: { title: "Complaints Referral Pathways for IDP Sites", file: "Complaints_Referral_Pathways_for_IDP_Sites.txt" },
  },
  {
    path: "/standards",
    category: "Policy",
    heading: "Standard Documents",
    searchLabel: "Search standard documents",
    placeholder: "Search standard documents...",
    count: (n: number) => `${n} standard document(s) found`,
    empty: "No standard documents found matching your criteria.",
    copied: "Document link copied to clipboard",
    loadError: "Failed to load standards. Please try again.",
    titles: [
      "CCCM Cluster Somalia Strategy",
      "Terms of Reference - CCCM Strategic Advisory Group",
      "Terms of Reference - Sub-National CCCM Coordination",
      "Minimum Standards for Site Management in Somalia",
    ],
    // Two "TOR" tags. Search is by word since decision 0015 (a word, or the start of the last one
    // typed), so "indicaTORs" inside the minimum standards' description no longer matches.
    search: {
      q: "TOR",
      titles: ["Terms of Reference - CCCM Strategic Advisory Group", "Terms of Reference - Sub-National CCCM Coordination"],
    },
    download: {
      title: "Terms of Reference - CCCM Strategic Advisory Group",
      file: "Terms_of_Reference_-_CCCM_Strategic_Advisory_Group.pdf",
    },
  },
] as const;

/** The demo's three drafts (app/.server/demo/demo.service.ts). */
export const DRAFTS = [
  "Safety Audit Findings - Kahda District Sites",
  "Enumerator Training Notes - Site Monitoring Tool",
  "Cluster Bulletin: Site Verification Exercise Completed",
];
