import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { flashCookie, readFlash } from "~/.server/http/flash";
import { siteOrigin } from "~/.server/http/origins";
import { safeAdminRedirect } from "~/.server/http/redirects";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { ensureShareToken, isShareKind, listShareLinks, regenerateShareToken, revokeShareToken } from "~/.server/shares/shares.service";
import { FALLBACK_TITLES } from "~/components/admin/content/messages";
import { CreateLinkForm, SharedDocumentsTable, SharedFoldersTable } from "~/components/admin/folders/share-links-tables";
import { Alert } from "~/components/ui/alert";
import { Pager } from "~/components/ui/pager";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { pageHref, readPaging, TABLE_PER } from "~/lib/paging";
import type { Route } from "./+types/shareable-links";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Shareable Links | Admin Portal`) }];

/**
 * Two paged tables on one page: the documents' page is `?page=`, the folders' `?fpage=`, both
 * `?per=` a page (50 by default); `?dfind=` and `?ffind=` narrow the "Create link" pickers.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const ctx = app();
  const params = new URL(request.url).searchParams;
  const find = { document: params.get("dfind") ?? "", folder: params.get("ffind") ?? "" };
  const links = await listShareLinks(ctx, {
    documents: readPaging(params, TABLE_PER),
    folders: readPaging(params, TABLE_PER, FOLDERS_PAGE),
    find,
  });
  return { links, origin: siteOrigin(ctx.config, request), flash: readFlash(request).message };
}

const PATH = "/admin/shareable-links";
/** The folders table's page parameter (the documents table has `page`). */
const FOLDERS_PAGE = "fpage";

const INTENTS = ["ensure", "revoke", "regenerate"] as const;
type Intent = (typeof INTENTS)[number];

function successMessage(intent: Intent, label: string, created: boolean, i18n: I18n): ToastMessage {
  if (intent === "ensure")
    return {
      tone: "success",
      title: created ? i18n._(msg`Link created`) : i18n._(msg`Link ready`),
      description: i18n._(msg`The share link for "${label}" is ready.`),
    };
  if (intent === "revoke")
    return { tone: "success", title: i18n._(msg`Link revoked`), description: i18n._(msg`The link to "${label}" no longer opens.`) };
  return {
    tone: "success",
    title: i18n._(msg`Link regenerated`),
    description: i18n._(msg`The old link to "${label}" no longer opens; share the new one.`),
  };
}

function refusal(reason: "not-found" | "no-link" | "failed", i18n: I18n): ToastMessage {
  const description =
    reason === "not-found"
      ? i18n._(msg`This document or folder no longer exists.`)
      : reason === "no-link"
        ? i18n._(msg`This item has no share link.`)
        : i18n._(msg`The share link could not be changed. Please try again.`);
  return { tone: "error", title: i18n._(FALLBACK_TITLES.error), description };
}

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
  const i18n = i18nFor(requestLanguage(request));
  try {
    if (intent === "revoke") {
      const outcome = await revokeShareToken(ctx, kind, id, session.user, meta);
      if (!outcome.ok) return refuse(refusal(outcome.reason, i18n), outcome.reason === "not-found" ? 404 : 409);
      const message = successMessage("revoke", outcome.label, false, i18n);
      return dialog ? { ok: true, message, token: null } : back(message);
    }
    const outcome =
      intent === "ensure"
        ? await ensureShareToken(ctx, kind, id, session.user, meta)
        : await regenerateShareToken(ctx, kind, id, session.user, meta);
    if (!outcome.ok) return refuse(refusal(outcome.reason, i18n), outcome.reason === "not-found" ? 404 : 409);
    const message = successMessage(intent as Intent, outcome.label, outcome.created, i18n);
    return dialog ? { ok: true, message, token: outcome.token } : back(message);
  } catch (error) {
    ctx.log.error({ err: error, intent, kind, id }, "share link change failed");
    return refuse(refusal("failed", i18n), 500);
  }
}

export default function ShareableLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { links, origin, flash } = loaderData;
  useToastMessage(actionData?.message);
  const { per } = links.documents;
  // The address's state: each table's page, the pickers' searches (defaults left out).
  const state: Record<string, string> = {};
  if (links.documents.page > 1) state.page = String(links.documents.page);
  if (links.folders.page > 1) state[FOLDERS_PAGE] = String(links.folders.page);
  if (per !== TABLE_PER) state.per = String(per);
  if (links.unshared.documents.find) state.dfind = links.unshared.documents.find;
  if (links.unshared.folders.find) state.ffind = links.unshared.folders.find;
  const search = new URLSearchParams(state).toString();
  const here = search ? `${PATH}?${search}` : PATH;
  const without = (name: string) => Object.fromEntries(Object.entries(state).filter(([key]) => key !== name));
  const { t } = useLingui();
  const documentsTotal = links.documents.total;
  const foldersTotal = links.folders.total;
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Shareable Links</Trans>
      </h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        <Trans>
          Documents and folders that can be opened by a share link, without signing in. Revoking a link stops it at once; regenerating gives
          a new link and stops the old one. Drafts and private folders open for visitors only once they are published or public.
        </Trans>
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
          <Trans>Documents ({documentsTotal})</Trans>
        </h2>
        <CreateLinkForm kind="document" picker={links.unshared.documents} findParam="dfind" keep={without("dfind")} returnTo={here} />
        <SharedDocumentsTable documents={links.documents.items} origin={origin} returnTo={here} />
        <Pager
          label={t`Pages of shared documents`}
          page={links.documents.page}
          pageCount={links.documents.pageCount}
          hrefFor={(n) => pageHref(PATH, without("page"), n, per)}
        />
      </section>

      <section aria-labelledby="folders-heading" className="mt-10">
        <h2 id="folders-heading" className="text-lg font-semibold">
          <Trans>Folders ({foldersTotal})</Trans>
        </h2>
        <CreateLinkForm kind="folder" picker={links.unshared.folders} findParam="ffind" keep={without("ffind")} returnTo={here} />
        <SharedFoldersTable folders={links.folders.items} origin={origin} returnTo={here} />
        <Pager
          label={t`Pages of shared folders`}
          page={links.folders.page}
          pageCount={links.folders.pageCount}
          hrefFor={(n) => pageHref(PATH, without(FOLDERS_PAGE), n, per, TABLE_PER, FOLDERS_PAGE)}
        />
      </section>
    </>
  );
}
