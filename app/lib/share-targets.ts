/**
 * Share target URLs (public-portal section 2, "Share dialog"), free of any translation: the
 * subject line comes in the reader's language from the caller (share.ts `shareSubject`), so a
 * page's enhancements (app/enhance/share-dialog.ts) build the same links as the server.
 */

export type ShareTarget = "email" | "whatsapp" | "twitter" | "facebook" | "linkedin";

/** The targets; their labels are the networks' names, and "Email" (which pages show as shareTargetLabel says). */
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

/** The subject line, the sender's note when there is one, then the link. */
export function shareTextWith({ url, message }: ShareInput, subject: string): string {
  const note = message?.trim();
  return [subject, note, url].filter(Boolean).join("\n\n");
}

const enc = encodeURIComponent;

/** mailto: keeps the address readable ("@" stays) while encoding anything else. */
export function mailto(to: string | undefined, subject: string, body: string): string {
  const address = enc(to?.trim() ?? "").replace(/%40/g, "@");
  return `mailto:${address}?subject=${enc(subject)}&body=${enc(body)}`;
}

/** The link of one target; `subject` is shareSubject's line for the document, in the reader's language. */
export function shareHrefWith(target: ShareTarget, input: ShareInput, subject: string): string {
  const text = shareTextWith({ ...input, url: "" }, subject).trim();
  const full = shareTextWith(input, subject);
  switch (target) {
    case "email":
      return mailto(input.email, subject, full);
    case "whatsapp":
      return `https://wa.me/?text=${enc(full)}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?text=${enc(text)}&url=${enc(input.url)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(input.url)}&quote=${enc(text)}`;
    case "linkedin":
      return `https://www.linkedin.com/shareArticle?mini=true&url=${enc(input.url)}&title=${enc(subject)}&summary=${enc(text)}`;
  }
}
