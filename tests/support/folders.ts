import { randomBytes, randomUUID } from "node:crypto";
import type { AppContext } from "~/.server/context";
import { createDocument, type NewDocumentInput } from "~/.server/documents/create";
import { folderKeys } from "~/.server/folders/folder-keys";

/**
 * A folder written straight into the table, for tests of what readers see of one: public or not,
 * with a share token or without (the admin service makes folders unshared and private by default,
 * and its own tests cover that). The description is "About <name>".
 */
export async function insertFolder(ctx: AppContext, fields: { name: string; isPublic: boolean; shared: boolean }) {
  const id = randomUUID();
  const token = fields.shared ? randomBytes(32).toString("base64url") : null;
  const now = new Date().toISOString();
  const description = `About ${fields.name}`;
  await ctx.db.kysely
    .insertInto("folders")
    .values({
      id,
      name: fields.name,
      description,
      ...folderKeys(fields.name, description),
      is_public: fields.isPublic ? 1 : 0,
      share_token: token,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, name: fields.name, token };
}

/** A report in a folder (or none), through the documents service; without a file unless given. */
export function addFolderDocument(
  ctx: AppContext,
  fields: { title: string; folderId: string | null; published?: boolean; uploadedBy?: string | null; file?: NewDocumentInput["file"] },
) {
  return createDocument(ctx, {
    title: fields.title,
    description: null,
    category: "Report",
    tags: [],
    published: fields.published ?? true,
    folderId: fields.folderId,
    uploadedBy: fields.uploadedBy ?? null,
    file: fields.file ?? null,
  });
}
