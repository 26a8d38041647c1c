import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FailureReason } from "~/.server/extraction/result";

/** How reading a stored file's text went (issue 11), as staff see it in the documents table and on the edit page. */
export interface FileReadingState {
  status: "queued" | "done" | "failed";
  /** Why it failed or was cut short ("Encrypted PDF"); null when read in full. */
  reason: string | null;
  pageCount?: number | null;
}

/**
 * The file reader's reasons in the reader's language. They are stored in English (the reader's
 * exact texts, extraction/result.ts: logs and reports keep them so); a page names them through
 * this table. Keyed by the stored text, so a reason stored before a wording changed shows as stored.
 */
const REASON_NAMES: Record<FailureReason, MessageDescriptor> = {
  "No text layer: scanned PDF": msg`No text layer: scanned PDF`,
  "Encrypted PDF": msg`Encrypted PDF`,
  "Encrypted Office file": msg`Encrypted Office file`,
  "Timed out": msg`Timed out`,
  "Too large to read": msg`Too large to read`,
  "Damaged file": msg`Damaged file`,
  "Content does not match its extension": msg`Content does not match its extension`,
  "Unsupported file type": msg`Unsupported file type`,
  "Could not be read": msg`Could not be read`,
  "The stored file is missing": msg`The stored file is missing`,
};

/** A stored reason as the page shows it. */
export function readingReason(reason: string, i18n: I18n): string {
  const name = (REASON_NAMES as Record<string, MessageDescriptor | undefined>)[reason];
  return name ? i18n._(name) : reason;
}
