import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SITE_NAME } from "./site";

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

export type ShareTarget = "email" | "whatsapp" | "twitter" | "facebook" | "linkedin";

/** The targets; their labels are the networks' names, and "Email" (which pages show as shareTargetLabel says). */
export const SHARE_TARGETS: { target: ShareTarget; label: string }[] = [
  { target: "email", label: "Email" },
  { target: "whatsapp", label: "WhatsApp" },
  { target: "twitter", label: "Twitter" },
  { target: "facebook", label: "Facebook" },
  { target: "linkedin", label: "LinkedIn" },
];

/** A target's label on a page: "Email" in the reader's language, the networks' names as they are. */
export function shareTargetLabel(target: ShareTarget, i18n: I18n): string {
  return target === "email" ? i18n._(msg`Email`) : (SHARE_TARGETS.find((t) => t.target === target)?.label ?? target);
}

export interface ShareInput {
  url: string;
  title: string;
  /** Optional recipient for the e-mail target. */
  email?: string;
  /** Optional personal note added to the message. */
  message?: string;
}

/**
 * The address every share of a document carries: its detail page on the portal's origin (the
 * public URL, or the address the visitor is on), never the page the share started from.
 */
export function documentShareUrl(origin: string, id: string): string {
  return new URL(`/document/${encodeURIComponent(id)}`, origin).href;
}

/** "[CCCM Somalia] Document: {title}" */
export function shareSubject(title: string, i18n?: I18n): string {
  return `${SHARE_PREFIX} ${say(i18n, msg`Document: ${title}`, `Document: ${title}`)}`;
}

/** The subject line, the sender's note when there is one, then the link. */
export function shareText({ url, title, message }: ShareInput, i18n?: I18n): string {
  const note = message?.trim();
  return [shareSubject(title, i18n), note, url].filter(Boolean).join("\n\n");
}

const enc = encodeURIComponent;

/** mailto: keeps the address readable ("@" stays) while encoding anything else. */
function mailto(to: string | undefined, subject: string, body: string): string {
  const address = enc(to?.trim() ?? "").replace(/%40/g, "@");
  return `mailto:${address}?subject=${enc(subject)}&body=${enc(body)}`;
}

export function shareHref(target: ShareTarget, input: ShareInput, i18n?: I18n): string {
  const text = shareText({ ...input, url: "" }, i18n).trim();
  switch (target) {
    case "email":
      return mailto(input.email, shareSubject(input.title, i18n), shareText(input, i18n));
    case "whatsapp":
      return `https://wa.me/?text=${enc(shareText(input, i18n))}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?text=${enc(text)}&url=${enc(input.url)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(input.url)}&quote=${enc(text)}`;
    case "linkedin":
      return `https://www.linkedin.com/shareArticle?mini=true&url=${enc(input.url)}&title=${enc(shareSubject(input.title, i18n))}&summary=${enc(text)}`;
  }
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
