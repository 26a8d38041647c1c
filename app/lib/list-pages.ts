import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { Category } from "./categories";

/**
 * What one list page says and lists (public-portal sections 2 and 8; ARCHITECTURE.md section 4).
 * The texts are messages, in the reader's language where they are shown.
 */
export interface ListPageConfig {
  path: string;
  category: Category;
  /** The heading, and the page's title before the site name ("Reports | CCCM Somalia"). */
  title: MessageDescriptor;
  metaDescription: MessageDescriptor;
  searchLabel: MessageDescriptor;
  placeholder: MessageDescriptor;
  countLine: (count: number) => MessageDescriptor;
  empty: MessageDescriptor;
  loadError: MessageDescriptor;
  /** The pager's accessible name ("Pages of Reports"). */
  pagerLabel: MessageDescriptor;
}

export const LIST_PAGES = {
  reports: {
    path: "/reports",
    category: "Report",
    title: msg`Reports`,
    metaDescription: msg`Published reports of the CCCM cluster in Somalia: site monitoring, evictions, assessments.`,
    searchLabel: msg`Search reports`,
    placeholder: msg`Search reports...`,
    countLine: (count) => msg`${plural(count, { one: "# report(s) found", other: "# report(s) found" })}`,
    empty: msg`No reports found matching your criteria.`,
    loadError: msg`Failed to load reports. Please try again.`,
    pagerLabel: msg`Pages of Reports`,
  },
  guidelines: {
    path: "/guidelines",
    category: "Guideline",
    title: msg`Guidelines & Procedures`,
    metaDescription: msg`Guidance notes and procedures of the CCCM cluster in Somalia for site management partners.`,
    searchLabel: msg`Search guidelines`,
    placeholder: msg`Search guidelines...`,
    countLine: (count) => msg`${plural(count, { one: "# guideline(s) found", other: "# guideline(s) found" })}`,
    empty: msg`No guidelines found matching your criteria.`,
    loadError: msg`Failed to load guidelines. Please try again.`,
    pagerLabel: msg`Pages of Guidelines & Procedures`,
  },
  standards: {
    path: "/standards",
    category: "Policy",
    title: msg`Standard Documents`,
    metaDescription: msg`Standards, strategy and terms of reference of the CCCM cluster in Somalia.`,
    searchLabel: msg`Search standard documents`,
    placeholder: msg`Search standard documents...`,
    countLine: (count) => msg`${plural(count, { one: "# standard document(s) found", other: "# standard document(s) found" })}`,
    empty: msg`No standard documents found matching your criteria.`,
    loadError: msg`Failed to load standards. Please try again.`,
    pagerLabel: msg`Pages of Standard Documents`,
  },
} as const satisfies Record<string, ListPageConfig>;

/** The list page of a category that has its own (Report, Guideline, Policy); none for others or for no category. */
export function listPageOf(category: Category | null): ListPageConfig | undefined {
  return category ? Object.values(LIST_PAGES).find((page) => page.category === category) : undefined;
}
