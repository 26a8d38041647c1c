/**
 * The text pools of the demo documents' bodies: the sections each category is written in, and
 * for each section the sentences a document picks 2-4 of. `{place}`, `{sites}` and the other
 * braces are filled in with the document's own numbers (demo-words.ts). Data only.
 */

export const SECTION_PLANS: Record<string, string[]> = {
  Report: ["Background", "Methodology", "Key findings", "Recommendations"],
  Policy: ["Purpose", "Scope", "Principles", "Roles and responsibilities"],
  Guideline: ["Purpose", "Key steps", "Roles and responsibilities", "Related documents"],
  Training: ["Learning objectives", "Session outline", "Exercises", "Facilitator notes"],
  Template: ["How to use this template", "Required fields", "Submission"],
  Presentation: ["Overview", "Highlights", "Next steps"],
  Update: ["Highlights", "Response", "Gaps and needs"],
  Other: ["Overview", "How to use this document"],
};

export const SENTENCES: Record<string, string[]> = {
  Background: [
    "Recurrent drought, floods and conflict continue to drive displacement towards {place}, where many sites are overcrowded and services are stretched.",
    "Most displaced families live in informal sites on privately owned land, often without written tenure agreements, which leaves them exposed to forced eviction.",
    "The CCCM cluster supports site management partners to coordinate services, monitor living conditions and give displaced communities a voice in decisions that affect them.",
    "This document was prepared by the cluster coordination team with inputs from site management partners and site committees.",
    "Sites in {place} differ widely in size, age and access to services, from long-standing settlements to sites that appeared within the last few months.",
  ],
  Methodology: [
    "Data were collected by trained enumerators through key informant interviews with site leaders, direct observation and a short household survey.",
    "A total of {sites} sites were visited over {weeks} weeks, covering an estimated {households} households ({individuals} individuals).",
    "Site locations, boundaries and population figures were checked against the latest site master list and updated where needed.",
    "Findings were triangulated with partner service mapping and discussed with site committees before validation.",
    "Figures are estimates and should be read as indicative of trends rather than exact counts.",
  ],
  "Key findings": [
    "{percent}% of assessed sites reported at least one critical gap in water, sanitation or shelter.",
    "Overcrowding remains the main concern in older sites, where plots are well below the recommended minimum size.",
    "Women and girls reported feeling unsafe at latrines and water points after dark in {percentB}% of sites, mainly because of missing lighting and locks.",
    "Eviction threats were reported in {evictionSites} sites, most of them on privately owned land without written agreements.",
    "New arrivals were recorded in {arrivalSites} sites, with families citing drought and loss of livelihoods as the main reasons for moving.",
    "Site committees were active in most sites, but few included women or minority group representatives in leadership roles.",
  ],
  Recommendations: [
    "Prioritise sites with several critical gaps in the next round of service provision and share the list with WASH and Shelter partners.",
    "Install solar lighting at latrine blocks and water points and repeat the safety audit after three months.",
    "Strengthen eviction prevention through written tenure agreements and early engagement with landowners and local authorities.",
    "Support site committees to include women, youth, older people and minority groups in decision-making.",
    "Update the site master list after each verification exercise so that partners plan with current figures.",
  ],
  Purpose: [
    "This document sets out how CCCM partners in Somalia plan, implement and report on site management activities.",
    "It gives partners a common reference so that sites across districts are managed to comparable standards.",
    "It is intended for site management agencies, local authorities and cluster partners working in IDP sites.",
    "The guidance adapts global CCCM practice to the Somali context of informal urban and peri-urban sites.",
  ],
  Scope: [
    "The guidance applies to all IDP sites in the cluster's site master list, including informal settlements on private land.",
    "It covers site-level coordination, community participation, monitoring and the referral of service gaps to other clusters.",
    "Collective centres and planned settlements are covered where the same principles apply.",
    "Emergency response to sudden-onset displacement is covered in separate guidance.",
  ],
  Principles: [
    "Displaced communities take part in decisions about their sites through representative site committees.",
    "Services are planned on the basis of verified data that are shared with all responders in the area.",
    "Do no harm: activities must not increase the risk of eviction, exclusion or violence for residents.",
    "Women, girls, older people and people with disabilities are consulted separately so that their needs are heard.",
    "Partners work with and strengthen local authorities and local organisations rather than replacing them.",
  ],
  "Roles and responsibilities": [
    "Site management agencies lead day-to-day coordination at site level and report monthly to the district CCCM focal point.",
    "District focal points convene coordination meetings, consolidate site data and escalate unresolved gaps to the cluster.",
    "The cluster coordination team maintains the site master list, publishes analysis and represents CCCM in inter-cluster forums.",
    "Local authorities are consulted on land, relocation and eviction issues and take part in site verification.",
  ],
  "Key steps": [
    "Agree the scope of the exercise with the district focal point and the local authorities.",
    "Brief site committees and community members on the purpose of the activity before it starts.",
    "Collect and clean the data within two weeks and share preliminary findings with partners.",
    "Refer identified gaps to the responsible cluster or partner and track follow-up until each is closed.",
    "Document lessons learned and share them at the next coordination meeting.",
  ],
  "Related documents": [
    "Read this note together with the cluster's minimum standards for site management.",
    "The site verification methodology and the safety audit tools are available in the guidance folders of this portal.",
    "Templates referred to in this document can be downloaded from the document library.",
  ],
  "Learning objectives": [
    "Explain the role of CCCM in the Somalia response and its links with the other clusters.",
    "Describe the responsibilities of site management agencies, site committees and local authorities.",
    "Use the cluster's site monitoring and safety audit tools correctly.",
    "Identify protection risks in sites and know how to refer cases safely.",
  ],
  "Session outline": [
    "Session 1 introduces CCCM principles and the displacement context in Somalia.",
    "Session 2 covers community participation and setting up representative site committees.",
    "Session 3 walks participants through the site monitoring tool and how the data flow to the cluster.",
    "Session 4 focuses on complaints and feedback, referrals and accountability to affected people.",
    "The final session reviews eviction prevention and the relocation guidance.",
  ],
  Exercises: [
    "In groups, participants map services in a fictional site and identify its three most urgent gaps.",
    "Participants role-play a site committee meeting after a landowner has announced an eviction.",
    "Each group completes a safety audit checklist using photographs of a sample site.",
    "Participants practise recording and referring a sensitive complaint without sharing identifying details.",
  ],
  "Facilitator notes": [
    "Allow at least one full day for the course and adapt the examples to the district where it is delivered.",
    "Use the local language where possible and check understanding after each session.",
    "Collect pre- and post-test scores and share them with the cluster training focal point.",
  ],
  "How to use this template": [
    "Save a copy of this template before filling it in and keep the original unchanged.",
    "Complete one form per site and write the site name exactly as it appears in the site master list.",
    "Do not record names or other personal details of community members.",
    "Leave a field empty rather than guessing when the information is not available.",
  ],
  "Required fields": [
    "Site name, district and region.",
    "Date of the visit and the name of the reporting partner.",
    "Estimated number of households and individuals.",
    "Main gaps observed and the partner or cluster they were referred to.",
  ],
  Submission: [
    "Submit completed forms to the district CCCM focal point by the fifth working day of each month.",
    "Late or incomplete submissions are followed up at the next coordination meeting.",
    "Questions about the template can be sent to the cluster information management team.",
  ],
  Overview: [
    "The CCCM cluster coordinates site management in IDP sites across Somalia with national and international partners.",
    "This document summarises the current situation, the cluster's priorities and the support available to partners.",
    "Figures come from the latest site monitoring round and from partner reports.",
    "It is meant as a quick reference for partners and coordination staff.",
  ],
  Highlights: [
    "{households} households were reached with site management services during the reporting period.",
    "{sites} sites were verified and added to or updated in the site master list.",
    "{arrivalSites} sites reported new arrivals, mainly families displaced by drought.",
    "Safety audits were completed in {auditSites} sites and the results shared with protection partners.",
    "Eviction threats were recorded in {evictionSites} sites and followed up with landowners and authorities.",
  ],
  "Next steps": [
    "Complete the next site monitoring round and publish the updated dashboard.",
    "Roll out the revised complaints and feedback guidance to all site management partners.",
    "Hold a workshop with local authorities on eviction prevention and land tenure.",
    "Agree priority sites for decongestion with Shelter and WASH partners.",
  ],
  Response: [
    "Site management partners scaled up coordination in the most affected sites and supported the registration of new arrivals.",
    "Site committees helped identify the most vulnerable households for priority assistance.",
    "The cluster shared updated site lists with partners to guide distributions in {place}.",
    "Joint visits with WASH and Health partners were organised to the sites with the largest gaps.",
  ],
  "Gaps and needs": [
    "Funding for site management covers only part of the sites in need.",
    "Many new sites lack basic services such as latrines, lighting and water points.",
    "Access to some sites remains limited for security reasons.",
    "More female staff are needed in site management teams to reach women and girls.",
  ],
  "How to use this document": [
    "Use this document as a reference when preparing reports, presentations and assessments.",
    "Terms are listed in alphabetical order; suggestions for additions can be sent to the cluster team.",
  ],
};
