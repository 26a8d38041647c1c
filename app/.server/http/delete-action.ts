import { msg } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import type { RequestMeta } from "../activity/activity.service";
import { requireUser } from "../auth/guards";
import { type AppContext, app } from "../context";
import { serverI18n } from "../i18n/i18n";
import { flashCookie } from "./flash";
import { requestMeta } from "./request-meta";

export interface DeleteTarget {
  /** What is deleted: its messages are deleteMessages' (below). */
  noun: "Document" | "Dashboard" | "Attachment";
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
  const text = deleteMessages(target.noun);
  const refuse = (description: string, status: number) =>
    data({ ok: false as const, message: { tone: "error" as const, title: serverI18n()._(msg`Delete failed`), description } }, { status });
  let deleted: { title: string } | null;
  try {
    deleted = await target.remove(ctx, target.id, session.user, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error, [`${lower}Id`]: target.id }, `${lower} deletion failed`);
    return refuse(text.failed, 500);
  }
  if (!deleted) return refuse(text.notFound, 404);
  const message: ToastMessage = { tone: "success", title: text.deleted, description: text.removed(deleted.title) };
  if (dialog) return { ok: true as const, message };
  return redirect(target.listHref, { headers: { "Set-Cookie": flashCookie(message) } });
}

/**
 * The messages of a deletion, in the request's language: one sentence per kind of thing, since a
 * noun put into a sentence does not translate (Somali, like English, changes the words around it).
 */
function deleteMessages(noun: string): { failed: string; notFound: string; deleted: string; removed: (title: string) => string } {
  const i18n = serverI18n();
  const removed = (title: string) => i18n._(msg`"${title}" has been deleted.`);
  switch (noun) {
    case "Document":
      return {
        failed: i18n._(msg`The document could not be deleted. Please try again.`),
        notFound: i18n._(msg`Document not found`),
        deleted: i18n._(msg`Document deleted`),
        removed,
      };
    case "Dashboard":
      return {
        failed: i18n._(msg`The dashboard could not be deleted. Please try again.`),
        notFound: i18n._(msg`Dashboard not found`),
        deleted: i18n._(msg`Dashboard deleted`),
        removed,
      };
    case "Attachment":
      return {
        failed: i18n._(msg`The attachment could not be deleted. Please try again.`),
        notFound: i18n._(msg`Attachment not found`),
        deleted: i18n._(msg`Attachment deleted`),
        removed,
      };
    default:
      throw new Error(`No delete messages for ${noun}`);
  }
}
