import type { Kysely } from "kysely";
import type { Database, FileContentsRow } from "../db/types";

/** What reading a stored file needs to know of the row that names it. */
export interface FileOwner {
  /** The file's extension in lower case ("" when unknown): which reader applies, checked against the content. */
  ext: string;
  mimeType: string | null;
  /** Whether the document is published (who is told when the reading is stored). */
  published: boolean;
}

/** The document or attachment a stored file belongs to, or null when it is gone. */
export async function selectFileOwner(
  db: Kysely<Database>,
  contents: Pick<FileContentsRow, "document_id" | "attachment_id" | "file_key">,
): Promise<FileOwner | null> {
  const document = await db
    .selectFrom("documents")
    .select(["file_path", "file_ext", "mime_type", "published"])
    .where("id", "=", contents.document_id)
    .executeTakeFirst();
  if (!document) return null;
  const published = document.published === 1;
  if (contents.attachment_id === null) {
    if (document.file_path !== contents.file_key) return null;
    return { ext: (document.file_ext ?? "").toLowerCase(), mimeType: document.mime_type, published };
  }
  const attachment = await db
    .selectFrom("document_attachments")
    .select(["file_path", "file_type", "mime_type"])
    .where("id", "=", contents.attachment_id)
    .executeTakeFirst();
  if (!attachment || attachment.file_path !== contents.file_key) return null;
  return { ext: (attachment.file_type ?? "").toLowerCase(), mimeType: attachment.mime_type, published };
}
