import { GUIDANCE_FOLDERS, isGuidanceFolder, type QuickSetupItem } from "~/lib/folders";
import type { RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { createFolder, findFolderByName } from "./folders.admin";

/**
 * Quick Setup (admin-and-sharing sections 3 and 4): the eleven guidance folders. A folder that
 * already exists (same name, ignoring case) counts as a success and is not created again, so a
 * second run creates nothing. With JavaScript the browser asks for one folder at a time, 300 ms
 * apart; without it, `runQuickSetup` does the whole list in one request (a pause there would only
 * keep the visitor waiting).
 */
export async function ensureGuidanceFolder(
  ctx: AppContext,
  name: string,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<QuickSetupItem> {
  if (!isGuidanceFolder(name)) return { name, status: "error" };
  try {
    if (await findFolderByName(ctx, name)) return { name, status: "success", existed: true };
    const created = await createFolder(ctx, { name, description: "", isPublic: true }, actor, meta);
    return created.ok ? { name, status: "success", existed: false } : { name, status: "error" };
  } catch (error) {
    ctx.log.error({ err: error, folder: name }, "guidance folder creation failed");
    return { name, status: "error" };
  }
}

export async function runQuickSetup(ctx: AppContext, actor: { id: string }, meta?: RequestMeta): Promise<QuickSetupItem[]> {
  const results: QuickSetupItem[] = [];
  // One after the other, as the dialog does: the order of creation is the list's.
  for (const name of GUIDANCE_FOLDERS) results.push(await ensureGuidanceFolder(ctx, name, actor, meta));
  return results;
}
