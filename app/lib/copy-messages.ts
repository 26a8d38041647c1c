import { msg } from "@lingui/core/macro";

/**
 * The copy button's words (the share links' screens, and the public URL decoder's page, which uses
 * the same button): in app/lib, so in the public catalogue, because a public page's browser has
 * only that one. Not in lib/folders.ts: the file-reading child imports that module, and it is
 * compiled without the message step (extraction/child-script.ts).
 */
export const COPY_MESSAGES = {
  copy: msg`Copy`,
  copied: msg`Link Copied`,
  copiedText: msg`The link is on your clipboard.`,
  failed: msg`Copy Failed`,
  failedText: msg`Please copy manually`,
} as const;
