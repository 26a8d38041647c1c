/** How reading a stored file's text went (issue 11), as staff see it in the documents table and on the edit page. */
export interface FileReadingState {
  status: "queued" | "done" | "failed";
  /** Why it failed or was cut short ("Encrypted PDF"); null when read in full. */
  reason: string | null;
  pageCount?: number | null;
}
