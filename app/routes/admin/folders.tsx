import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Eye, FileText, Folder, Search } from "lucide-react";
import { data, Form } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { facetSuggestions } from "~/.server/documents/documents.service";
import { folderChoices, listFolders } from "~/.server/folders/folders.admin";
import { readFlash } from "~/.server/http/flash";
import { siteOrigin } from "~/.server/http/origins";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { FALLBACK_TITLES, localMessage } from "~/components/admin/content/messages";
import { BulkUploadButton } from "~/components/admin/folders/bulk-upload";
import { CreateFolderButton } from "~/components/admin/folders/create-folder-form";
import { FolderCard } from "~/components/admin/folders/folder-card";
import { QuickSetupButton } from "~/components/admin/folders/quick-setup";
import { UploadToFolderButton } from "~/components/admin/folders/upload-to-folder";
import { useFolderLiveReload } from "~/components/admin/folders/use-folder-live-reload";
import { Alert } from "~/components/ui/alert";
import { Pager } from "~/components/ui/pager";
import { buttonClass, inputClass } from "~/components/ui/styles";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { NO_SUGGESTIONS } from "~/lib/document-facets";
import { FOLDER_CARDS_PER, FOLDER_MESSAGES } from "~/lib/folders";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { pageHref, readPaging } from "~/lib/paging";
import type { Route } from "./+types/folders";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Folders | Admin Portal`) }];

function loadFailed(i18n: I18n): ToastMessage {
  return { tone: "error", title: i18n._(FALLBACK_TITLES.error), description: localMessage(FOLDER_MESSAGES.fetchFailed, i18n) };
}

/**
 * Folder management (admin-and-sharing section 2): search, the four actions, the counters and the
 * cards, 24 a page (`?page=`, `?per=` 12 to 100).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const ctx = app();
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 200);
  const base = { q, origin: siteOrigin(ctx.config, request), flash: readFlash(request).message };
  try {
    const [list, choices, suggestions] = await Promise.all([
      listFolders(ctx, q, readPaging(params, FOLDER_CARDS_PER)),
      folderChoices(ctx),
      facetSuggestions(ctx),
    ]);
    const { items, ...paging } = list.page;
    return { ...base, folders: items, paging, totals: list.totals, choices, suggestions, loadError: null };
  } catch (error) {
    ctx.log.error({ err: error }, "loading folders failed");
    return data(
      {
        ...base,
        folders: [],
        paging: null,
        totals: null,
        choices: [],
        suggestions: NO_SUGGESTIONS,
        loadError: loadFailed(i18nFor(requestLanguage(request))),
      },
      { status: 500 },
    );
  }
}

function Counter({ label, value, Icon }: { label: string; value: number; Icon: typeof Folder }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <Icon aria-hidden className="h-5 w-5 text-brand-700" />
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export default function AdminFolders({ loaderData }: Route.ComponentProps) {
  const { q, origin, flash, folders, paging, totals, choices, suggestions, loadError } = loaderData;
  const total = paging?.total ?? 0;
  const { t } = useLingui();
  useToastMessage(loadError);
  useFolderLiveReload();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Folders</Trans>
        </h1>
        <div className="flex flex-wrap gap-2">
          <QuickSetupButton />
          <UploadToFolderButton folders={choices} suggestions={suggestions} />
          <BulkUploadButton folders={choices} suggestions={suggestions} />
          <CreateFolderButton />
        </div>
      </div>
      {flash ? (
        <div className="mt-4">
          <Alert tone={flash.tone} title={flash.title}>
            {flash.description}
          </Alert>
        </div>
      ) : null}
      {loadError ? (
        <div className="mt-4">
          <Alert tone="error" title={loadError.title}>
            {loadError.description}
          </Alert>
        </div>
      ) : null}
      <Form method="get" role="search" className="mt-4 flex max-w-xl gap-2">
        <label htmlFor="folder-search" className="sr-only">
          <Trans>Search folders</Trans>
        </label>
        <input
          id="folder-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={t`Search folders by name or description`}
          className={inputClass}
        />
        {paging && paging.per !== FOLDER_CARDS_PER ? <input type="hidden" name="per" value={paging.per} /> : null}
        <button type="submit" className={buttonClass.secondary}>
          <Search aria-hidden className="h-4 w-4" />
          <Trans>Search</Trans>
        </button>
      </Form>
      {totals ? (
        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          <Counter label={t`Total Folders`} value={totals.folders} Icon={Folder} />
          <Counter label={t`Total Documents`} value={totals.documents} Icon={FileText} />
          <Counter label={t`Total Views`} value={totals.views} Icon={Eye} />
        </dl>
      ) : null}
      <section aria-labelledby="folders-heading" className="mt-8">
        <h2 id="folders-heading" className="text-lg font-semibold">
          {q ? t`Folders matching "${q}" (${total})` : t`All folders (${total})`}
        </h2>
        {folders.length === 0 && !loadError ? (
          <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {q ? t`No folders match your search.` : t`No folders yet. Use Quick Setup for the guidance folders, or Create Folder.`}
          </p>
        ) : (
          <>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {folders.map((folder) => (
                <li key={folder.id}>
                  <FolderCard folder={folder} origin={origin} />
                </li>
              ))}
            </ul>
            {paging ? (
              <Pager
                label={t`Pages of folders`}
                page={paging.page}
                pageCount={paging.pageCount}
                hrefFor={(n) => pageHref("/admin/folders", { q }, n, paging.per, FOLDER_CARDS_PER)}
              />
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
