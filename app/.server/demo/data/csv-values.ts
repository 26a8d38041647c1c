/** The values the demo data sets (CSV) pick from, besides places and site names. Data only. */

export const EVICTION_REASONS = ["Landowner request", "Land dispute", "Urban development", "Public land reclamation", "Rent arrears"];

export const SITE_SERVICES = ["Water point", "Latrine block", "Health post", "Nutrition site", "Learning centre", "Solar lighting", "Waste collection"];

/** "Functional" twice: most mapped services work. */
export const SERVICE_STATUSES = ["Functional", "Functional", "Partially functional", "Not functional", "Planned"];

export const SERVICE_PARTNERS = ["Partner A", "Partner B", "Partner C", "Partner D", "Partner E", "Partner F"];

export const LAND_TENURE = ["Private, written agreement", "Private, verbal agreement", "Public land"];

export const EVICTION_RISK = ["Low", "Medium", "High"];
