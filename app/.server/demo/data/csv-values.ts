/** The values the demo data sets (CSV) pick from, besides places and site names. Data only. */

export const EVICTION_REASONS = ["Landowner request", "Land dispute", "Urban development", "Public land reclamation", "Rent arrears"];

export const SITE_SERVICES = ["Water point", "Latrine block", "Health post", "Nutrition site", "Learning centre", "Solar lighting", "Waste collection"];

/** "Functional" twice: most mapped services work. */
export const SERVICE_STATUSES = ["Functional", "Functional", "Partially functional", "Not functional", "Planned"];

/** The same organisations, in the same spelling, as the documents' partner field (document-facets.ts). */
export const SERVICE_PARTNERS = ["ACTED", "NRC", "DRC", "IOM", "Concern Worldwide", "Save the Children"];

/** Who verifies sites in the verification template's example rows. */
export const VERIFYING_PARTNER = "IOM";

export const LAND_TENURE = ["Private, written agreement", "Private, verbal agreement", "Public land"];

export const EVICTION_RISK = ["Low", "Medium", "High"];
