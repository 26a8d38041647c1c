import { data, redirect } from "react-router";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import type { RequestMeta } from "../activity/activity.service";
import { requireUser } from "../auth/guards";
import { type AppContext, app } from "../context";
import { flashCookie } from "./flash";
import { requestMeta } from "./request-meta";

export interface DeleteTarget {
  /** "Document", "Dashboard": the word the messages use. */
  noun: string;
  id: string;
  /** Where the no-JavaScript form returns to, with the message as a flash. */
  listHref: string;
  /** Deletes and returns what was deleted, or null when there was nothing to delete; `actor` goes into the audit trail. */
  remove: (ctx: AppContext, id: string, actor: { id: string }, meta: RequestMeta) => Promise<{ title: string } | null>;
}

/**
 * The action of a delete-confirmation page (documents, dashboards): the dialog posts with
 * `_dialog=1` and gets the message as JSON; the page without JavaScript is redirected to the list
 * with the message as a flash. Failures answer with the message and the status.
 */
export async function deleteAction(request: Request, target: DeleteTarget) {
  const session = await requireUser(request);
  const dialog = (await request.formData()).get("_dialog") === "1";
  const ctx = app();
  const lower = target.noun.toLowerCase();
  const refuse = (description: string, status: number) =>
    data({ ok: false as const, message: { tone: "error" as const, title: "Delete failed", description } }, { status });
  let deleted: { title: string } | null;
  try {
    deleted = await target.remove(ctx, target.id, session.user, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error, [`${lower}Id`]: target.id }, `${lower} deletion failed`);
    return refuse(`The ${lower} could not be deleted. Please try again.`, 500);
  }
  if (!deleted) return refuse(`${target.noun} not found`, 404);
  const message: ToastMessage = { tone: "success", title: `${target.noun} deleted`, description: `"${deleted.title}" has been deleted.` };
  if (dialog) return { ok: true as const, message };
  return redirect(target.listHref, { headers: { "Set-Cookie": flashCookie(message) } });
}
