import { SITE_NAME } from "./site";

/**
 * Share messages and target URLs (public-portal section 2, "Share dialog"):
 * every message starts with the cluster prefix followed by "Document:".
 */
export const SHARE_PREFIX = `[${SITE_NAME}]`;

export type ShareTarget = "email" | "whatsapp" | "twitter" | "facebook" | "linkedin";

export const SHARE_TARGETS: { target: ShareTarget; label: string }[] = [
  { target: "email", label: "Email" },
  { target: "whatsapp", label: "WhatsApp" },
  { target: "twitter", label: "Twitter" },
  { target: "facebook", label: "Facebook" },
  { target: "linkedin", label: "LinkedIn" },
];

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
export function shareSubject(title: string): string {
  return `${SHARE_PREFIX} Document: ${title}`;
}

/** The subject line, the sender's note when there is one, then the link. */
export function shareText({ url, title, message }: ShareInput): string {
  const note = message?.trim();
  return [shareSubject(title), note, url].filter(Boolean).join("\n\n");
}

const enc = encodeURIComponent;

/** mailto: keeps the address readable ("@" stays) while encoding anything else. */
function mailto(to: string | undefined, subject: string, body: string): string {
  const address = enc(to?.trim() ?? "").replace(/%40/g, "@");
  return `mailto:${address}?subject=${enc(subject)}&body=${enc(body)}`;
}

export function shareHref(target: ShareTarget, input: ShareInput): string {
  const text = shareText({ ...input, url: "" }).trim();
  switch (target) {
    case "email":
      return mailto(input.email, shareSubject(input.title), shareText(input));
    case "whatsapp":
      return `https://wa.me/?text=${enc(shareText(input))}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?text=${enc(text)}&url=${enc(input.url)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(input.url)}&quote=${enc(text)}`;
    case "linkedin":
      return `https://www.linkedin.com/shareArticle?mini=true&url=${enc(input.url)}&title=${enc(shareSubject(input.title))}&summary=${enc(text)}`;
  }
}

/** "Report an issue": a mail to the support mailbox carrying the title and the document id. */
export function reportIssueHref(support: string, doc: { id: string; title: string }, pageUrl: string): string {
  const body = [`Document: ${doc.title}`, `Document ID: ${doc.id}`, `Link: ${pageUrl}`, "", "Describe the issue:", ""].join("\n");
  return mailto(support, `Report an issue: ${doc.title} (${doc.id})`, body);
}
