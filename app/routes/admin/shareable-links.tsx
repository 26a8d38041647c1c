import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { flashCookie, readFlash } from "~/.server/http/flash";
import { safeAdminRedirect } from "~/.server/http/redirects";
import { requestMeta } from "~/.server/http/request-meta";
import {
  ensureShareToken,
  isShareKind,
  linkOrigin,
  listShareLinks,
  regenerateShareToken,
  revokeShareToken,
} from "~/.server/shares/shares.service";
import { CreateLinkForm, SharedDocumentsTable, SharedFoldersTable } from "~/components/admin/folders/share-links-tables";
import { Alert } from "~/components/ui/alert";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import type { Route } from "./+types/shareable-links";

export const meta: Route.MetaFunction = () => [{ title: "Shareable Links | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const ctx = app();
  return { links: await listShareLinks(ctx), origin: linkOrigin(ctx, request), flash: readFlash(request).message };
}

const INTENTS = ["ensure", "revoke", "regenerate"] as const;
type Intent = (typeof INTENTS)[number];

function successMessage(intent: Intent, label: string, created: boolean): ToastMessage {
  if (intent === "ensure")
    return { tone: "success", title: created ? "Link created" : "Link ready", description: `The share link for "${label}" is ready.` };
  if (intent === "revoke") return { tone: "success", title: "Link revoked", description: `The link to "${label}" no longer opens.` };
  return { tone: "success", title: "Link regenerated", description: `The old link to "${label}" no longer opens; share the new one.` };
}

const NOT_FOUND: ToastMessage = { tone: "error", title: "Error", description: "This document or folder no longer exists." };
const NO_LINK: ToastMessage = { tone: "error", title: "Error", description: "This item has no share link." };
const FAILED: ToastMessage = { tone: "error", title: "Error", description: "The share link could not be changed. Please try again." };

/**
 * Create (on demand, also for the share dialogs), revoke and regenerate share tokens. The dialogs
 * post with _dialog=1 and get JSON-like data back; the forms without JavaScript are redirected
 * back where they came from with the message.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const kind = form.get("kind");
  const id = form.get("id");
  if (!INTENTS.includes(intent as Intent) || !isShareKind(kind) || typeof id !== "string" || !id)
    throw data({ message: "Unknown action" }, { status: 400 });
  const dialog = form.get("_dialog") === "1";
  const back = (message: ToastMessage) =>
    redirect(safeAdminRedirect(String(form.get("returnTo") ?? "") || "/admin/shareable-links"), {
      headers: { "Set-Cookie": flashCookie(message) },
    });
  const refuse = (message: ToastMessage, status: number) =>
    dialog ? data({ ok: false, message, token: null }, { status }) : back(message);
  const ctx = app();
  const meta = requestMeta(request);
  try {
    if (intent === "revoke") {
      const outcome = await revokeShareToken(ctx, kind, id, session.user, meta);
      if (!outcome.ok) return refuse(outcome.reason === "not-found" ? NOT_FOUND : NO_LINK, outcome.reason === "not-found" ? 404 : 409);
      const message = successMessage("revoke", outcome.label, false);
      return dialog ? { ok: true, message, token: null } : back(message);
    }
    const outcome =
      intent === "ensure"
        ? await ensureShareToken(ctx, kind, id, session.user, meta)
        : await regenerateShareToken(ctx, kind, id, session.user, meta);
    if (!outcome.ok) return refuse(outcome.reason === "not-found" ? NOT_FOUND : NO_LINK, outcome.reason === "not-found" ? 404 : 409);
    const message = successMessage(intent as Intent, outcome.label, outcome.created);
    return dialog ? { ok: true, message, token: outcome.token } : back(message);
  } catch (error) {
    ctx.log.error({ err: error, intent, kind, id }, "share link change failed");
    return refuse(FAILED, 500);
  }
}

export default function ShareableLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { links, origin, flash } = loaderData;
  useToastMessage(actionData?.message);
  return (
    <>
      <h1 className="text-2xl font-bold">Shareable Links</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Documents and folders that can be opened by a share link, without signing in. Revoking a link stops it at once; regenerating gives a
        new link and stops the old one. Drafts and private folders open for visitors only once they are published or public.
      </p>
      {flash ? (
        <div className="mt-4">
          <Alert tone={flash.tone} title={flash.title}>
            {flash.description}
          </Alert>
        </div>
      ) : null}

      <section aria-labelledby="documents-heading" className="mt-8">
        <h2 id="documents-heading" className="text-lg font-semibold">
          Documents ({links.documents.length})
        </h2>
        <CreateLinkForm kind="document" choices={links.unshared.documents} />
        <SharedDocumentsTable documents={links.documents} origin={origin} />
      </section>

      <section aria-labelledby="folders-heading" className="mt-10">
        <h2 id="folders-heading" className="text-lg font-semibold">
          Folders ({links.folders.length})
        </h2>
        <CreateLinkForm kind="folder" choices={links.unshared.folders} />
        <SharedFoldersTable folders={links.folders} origin={origin} />
      </section>
    </>
  );
}
