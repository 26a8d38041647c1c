import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { mailto, SHARE_TARGETS, type ShareInput, type ShareTarget, shareHrefWith, shareTextWith } from "./share-targets";
import { SITE_NAME } from "./site";

export { SHARE_TARGETS, type ShareInput, type ShareTarget } from "./share-targets";

/**
 * Share messages and target URLs (public-portal section 2, "Share dialog"):
 * every message starts with the cluster prefix followed by "Document:". The words are in the
 * language of the `i18n` given (the reader's); without one, in English.
 */
export const SHARE_PREFIX = `[${SITE_NAME}]`;

/** A message in the reader's language, or its English words when no language is given. */
function say(i18n: I18n | undefined, message: MessageDescriptor, english: string): string {
  return i18n ? i18n._(message) : english;
}

/** A target's label on a page: "Email" in the reader's language, the networks' names as they are. */
export function shareTargetLabel(target: ShareTarget, i18n: I18n): string {
  return target === "email" ? i18n._(msg`Email`) : (SHARE_TARGETS.find((t) => t.target === target)?.label ?? target);
}

/**
 * The address every share of a document carries: its detail page on the portal's origin (the
 * public URL, or the address the visitor is on), never the page the share started from.
 */
export function documentShareUrl(origin: string, id: string): string {
  return new URL(documentPath(id), origin).href;
}

/** A document's public page, the address every share of it names. */
export function documentPath(id: string): string {
  return `/document/${encodeURIComponent(id)}`;
}

/** "[CCCM Somalia] Document: {title}" */
export function shareSubject(title: string, i18n?: I18n): string {
  return `${SHARE_PREFIX} ${say(i18n, msg`Document: ${title}`, `Document: ${title}`)}`;
}

/** The subject line, the sender's note when there is one, then the link. */
export function shareText(input: ShareInput, i18n?: I18n): string {
  return shareTextWith(input, shareSubject(input.title, i18n));
}

export function shareHref(target: ShareTarget, input: ShareInput, i18n?: I18n): string {
  return shareHrefWith(target, input, shareSubject(input.title, i18n));
}

/** "Report an issue": a mail to the support mailbox carrying the title and the document id. */
export function reportIssueHref(support: string, doc: { id: string; title: string }, pageUrl: string, i18n?: I18n): string {
  const { id, title } = doc;
  const body = [
    say(i18n, msg`Document: ${title}`, `Document: ${title}`),
    say(i18n, msg`Document ID: ${id}`, `Document ID: ${id}`),
    say(i18n, msg`Link: ${pageUrl}`, `Link: ${pageUrl}`),
    "",
    say(i18n, msg`Describe the issue:`, "Describe the issue:"),
    "",
  ].join("\n");
  return mailto(support, say(i18n, msg`Report an issue: ${title} (${id})`, `Report an issue: ${title} (${id})`), body);
}
