import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { categoryLabel as publicCategoryLabel } from "~/lib/category-names";
import { DASHBOARD_MESSAGES, type DashboardType } from "~/lib/dashboard-form";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { FACET_LIMITS, FACET_MESSAGES } from "~/lib/document-facets";
import {
  ATTACHMENT_LABEL_MAX,
  ATTACHMENT_MESSAGES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TEXT_LIMITS,
  type SplitMessage,
  splitMessage,
  type UploadStage,
} from "~/lib/document-form";
import { BULK_MAX_FILES, type BulkFileResult, FOLDER_MESSAGES, type QuickSetupItem, quickSetupCounts } from "~/lib/folders";

/**
 * The content screens' words that app/lib computes (decision 0031). The rules in app/lib are
 * shared with the server, which still compares and returns their messages in English; this module
 * gives each of them in the page's language, so the browser's own checks (a file refused before
 * it is sent) and the messages the server passes back from those rules read in the page's
 * language. Held here, in the admin catalogue, because only admin pages show them: the public
 * catalogue every reader downloads stays small.
 */

const titleMax = DOCUMENT_TEXT_LIMITS.title;
const descriptionMax = DOCUMENT_TEXT_LIMITS.description;
const tagMax = DOCUMENT_TEXT_LIMITS.tag;
const tagsMax = DOCUMENT_TEXT_LIMITS.tags;
const labelMax = ATTACHMENT_LABEL_MAX;
const partnerMax = FACET_LIMITS.partnerLength;
const itemMax = FACET_LIMITS.itemLength;
const itemsMax = FACET_LIMITS.items;
const filesMax = BULK_MAX_FILES;

/**
 * Every message of the rules in app/lib, by its English text (a unit test checks none is missing).
 * A toast's message is "Title: text": a translation keeps the first ": " between the two.
 */
const KNOWN: Record<string, MessageDescriptor> = {
  [DOCUMENT_MESSAGES.invalidType]: msg`Invalid file type: Please select a supported file type`,
  [DOCUMENT_MESSAGES.tooLarge]: msg`File too large: Please select a file smaller than 50MB`,
  [DOCUMENT_MESSAGES.missing]: msg`Missing information: Please fill in all required fields and select a file`,
  [DOCUMENT_MESSAGES.titleRequired]: msg`Validation Error: Title is required`,
  [DOCUMENT_MESSAGES.uploadFailed]: msg`Upload failed: An error occurred during upload`,
  [DOCUMENT_MESSAGES.notAuthenticated]: msg`Upload failed: User not authenticated`,
  [DOCUMENT_MESSAGES.titleTooLong]: msg`Validation Error: Title must be at most ${titleMax} characters`,
  [DOCUMENT_MESSAGES.descriptionTooLong]: msg`Validation Error: Description must be at most ${descriptionMax} characters`,
  [DOCUMENT_MESSAGES.tagTooLong]: msg`Validation Error: Each tag must be at most ${tagMax} characters`,
  [DOCUMENT_MESSAGES.tooManyTags]: msg`Validation Error: Please give at most ${tagsMax} tags`,
  [DOCUMENT_MESSAGES.languageInvalid]: msg`Validation Error: Please choose the document's language from the list`,
  [ATTACHMENT_MESSAGES.labelRequired]: msg`Validation Error: Label is required`,
  [ATTACHMENT_MESSAGES.labelTooLong]: msg`Validation Error: Label must be at most ${labelMax} characters`,
  [ATTACHMENT_MESSAGES.notFound]: msg`Attachment not found`,
  [ATTACHMENT_MESSAGES.documentNotFound]: msg`Document not found`,
  [FACET_MESSAGES.partnerTooLong]: msg`Validation Error: Partner must be at most ${partnerMax} characters`,
  [FACET_MESSAGES.sectorTooLong]: msg`Validation Error: Each sector must be at most ${itemMax} characters`,
  [FACET_MESSAGES.locationTooLong]: msg`Validation Error: Each location must be at most ${itemMax} characters`,
  [FACET_MESSAGES.tooManySectors]: msg`Validation Error: Please give at most ${itemsMax} sectors`,
  [FACET_MESSAGES.tooManyLocations]: msg`Validation Error: Please give at most ${itemsMax} locations`,
  [DASHBOARD_MESSAGES.missing]: msg`Missing information: Please fill in title and embed URL`,
  [DASHBOARD_MESSAGES.embedNotHttps]: msg`Invalid URL: The embed URL must be a secure web address starting with https://`,
  [DASHBOARD_MESSAGES.urlNotHttps]: msg`Invalid URL: The dashboard URL must be a secure web address starting with https://`,
  [DASHBOARD_MESSAGES.displayOrder]: msg`Invalid display order: Display order must be a whole number, 0 or more`,
  [DASHBOARD_MESSAGES.choice]: msg`Invalid choice: Please choose a type and a provider from the lists`,
  [DASHBOARD_MESSAGES.tooLong]: msg`Too long: Please shorten the title, description or URLs`,
  [DASHBOARD_MESSAGES.createFailed]: msg`Creation failed: Failed to create dashboard`,
  [THUMBNAIL_MESSAGES.tooLarge]: msg`File too large: Please select an image smaller than 5MB`,
  [THUMBNAIL_MESSAGES.tooManyPixels]: msg`Image too large: Please select an image of at most 40 megapixels`,
  [THUMBNAIL_MESSAGES.unreadable]: msg`Invalid image: The image could not be read; please choose another file`,
  [FOLDER_MESSAGES.fetchFailed]: msg`Failed to fetch folders`,
  [FOLDER_MESSAGES.createFailed]: msg`Failed to create folder`,
  [FOLDER_MESSAGES.deleteFailed]: msg`Failed to delete folder`,
  [FOLDER_MESSAGES.loadFailed]: msg`Failed to load folder`,
  [FOLDER_MESSAGES.guidanceFailed]: msg`Failed to create guidance folders`,
  [FOLDER_MESSAGES.noFiles]: msg`No files selected`,
  [FOLDER_MESSAGES.missingTitles]: msg`Missing titles`,
  [FOLDER_MESSAGES.tooManyFiles]: msg`Too many files: Please select at most ${filesMax} files at a time`,
  [FOLDER_MESSAGES.recordFailed]: msg`Upload failed: Failed to create document`,
};

/** The English texts `localMessage` knows (for its test). */
export const KNOWN_MESSAGES: readonly string[] = Object.keys(KNOWN);

/**
 * A message of the rules in app/lib in the page's language. Any other text (one the server has
 * already put in the request's language, or a name) is returned as it is.
 */
export function localMessage(text: string, i18n: I18n): string {
  const known = KNOWN[text];
  return known ? i18n._(known) : text;
}

/** Toast titles used when a message has no "Title: " of its own. */
export const FALLBACK_TITLES = {
  error: msg`Error`,
  uploadFailed: msg`Upload failed`,
  updateFailed: msg`Update Failed`,
  creationFailed: msg`Creation failed`,
} as const;

/** A "Title: description" message in the page's language, split into a toast's title and text. */
export function localSplit(text: string, i18n: I18n, fallbackTitle: MessageDescriptor = FALLBACK_TITLES.error): SplitMessage {
  return splitMessage(localMessage(text, i18n), i18n._(fallbackTitle));
}

/**
 * A title and description the server split already: in the page's language when, put together,
 * they are one of the rules' messages; as they are otherwise.
 */
export function localParts(parts: { title: string; description?: string }, i18n: I18n): { title: string; description?: string } {
  if (parts.description === undefined) return { title: localMessage(parts.title, i18n) };
  const whole = `${parts.title}: ${parts.description}`;
  return KNOWN[whole] ? splitMessage(localMessage(whole, i18n)) : parts;
}

/** The upload's progress labels of the spec (admin-and-sharing section 4). */
const STAGES: Record<UploadStage, MessageDescriptor> = {
  preparing: msg`Preparing upload...`,
  uploading: msg`Uploading file...`,
  creating: msg`Creating record...`,
  complete: msg`Complete!`,
};

export function stageLabel(stage: UploadStage, i18n: I18n): string {
  return i18n._(STAGES[stage]);
}

/** Quick Setup's closing count: "11 succeeded, 0 failed". */
export function quickSetupSummaryText(items: readonly QuickSetupItem[], i18n: I18n): string {
  const { succeeded, failed } = quickSetupCounts(items);
  return i18n._(msg`${succeeded} succeeded, ${failed} failed`);
}

/** A bulk upload's closing count: "12 files uploaded, 8 not uploaded". */
export function bulkSummaryText(stored: number, refused: number, i18n: I18n): string {
  return i18n._(msg`${plural(stored, { one: "# file uploaded", other: "# files uploaded" })}, ${refused} not uploaded`);
}

export function bulkSummaryOf(results: readonly BulkFileResult[], i18n: I18n): string {
  const stored = results.filter((r) => r.ok).length;
  return bulkSummaryText(stored, results.length - stored, i18n);
}

/** The dashboard types' names (the stored values stay the spec's codes). */
const DASHBOARD_TYPE_LABELS: Record<DashboardType, MessageDescriptor> = {
  site_monitoring: msg`Site Monitoring`,
  new_arrivals: msg`New Arrivals`,
  catchement: msg`Catchment Areas`,
  facility_map: msg`Facility Mapping`,
  other: msg`Other`,
};

/** A dashboard type's name; a stored value outside the list is shown as it is. */
export function dashboardTypeLabel(type: string, i18n: I18n): string {
  const label = DASHBOARD_TYPE_LABELS[type as DashboardType];
  return label ? i18n._(label) : type;
}

/**
 * The spellings of categories only the admin forms show, by their English label: the edit
 * dialog's "Guidelines" and "Standards", and the folder upload form's capitals. The stored values
 * (Report, Policy...) are named by lib/category-names.ts. The stored value a form sends stays the English one.
 */
const ADMIN_CATEGORY_LABELS: Record<string, MessageDescriptor> = {
  Guidelines: msg`Guidelines`,
  Standards: msg`Standards`,
  REPORT: msg({ message: "REPORT", comment: "A document category, in capitals as the folder upload form shows them." }),
  POLICY: msg({ message: "POLICY", comment: "A document category, in capitals as the folder upload form shows them." }),
  GUIDELINE: msg({ message: "GUIDELINE", comment: "A document category, in capitals as the folder upload form shows them." }),
  TRAINING: msg({ message: "TRAINING", comment: "A document category, in capitals as the folder upload form shows them." }),
  TEMPLATE: msg({ message: "TEMPLATE", comment: "A document category, in capitals as the folder upload form shows them." }),
  PRESENTATION: msg({ message: "PRESENTATION", comment: "A document category, in capitals as the folder upload form shows them." }),
};

/** A category's name in the page's language, in any spelling the admin forms show; a value outside the list is shown as it is. */
export function categoryLabel(label: string, i18n: I18n): string {
  const known = ADMIN_CATEGORY_LABELS[label];
  return known ? i18n._(known) : publicCategoryLabel(label, i18n);
}
