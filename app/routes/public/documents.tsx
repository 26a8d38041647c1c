import { FileText, Search } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { app } from "~/.server/context";
import { loadLibrary } from "~/.server/documents/list-loader";
import { DocumentCard } from "~/components/documents/document-card";
import { keepListOnFailure, useListRefresh } from "~/components/documents/use-list-refresh";
import { useLiveSearch } from "~/components/documents/use-live-search";
import { Pager } from "~/components/ui/pager";
import { inputClass } from "~/components/ui/styles";
import { LIBRARY_FILTERS } from "~/lib/categories";
import { CARD_PER, listHref } from "~/lib/document-query";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/documents";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Document Library") },
  { name: "description", content: "Reports, guidelines, policies, training material and templates of the CCCM cluster in Somalia." },
];

export async function loader({ request }: Route.LoaderArgs) {
  return loadLibrary(app(), request);
}

export const clientLoader = (args: Route.ClientLoaderArgs) => keepListOnFailure(args);

const LOAD_ERROR = { title: "Error", description: "Failed to load documents" };

export default function DocumentLibrary({ loaderData }: Route.ComponentProps) {
  const data = useListRefresh(loaderData, LOAD_ERROR);
  const { query } = data;
  const category = query.category ?? "All";
  const hrefFor = (change: Parameters<typeof listHref>[2]) => listHref("/documents", query, change, CARD_PER);
  const search = useLiveSearch(query.q, (q) => hrefFor({ q }));
  const documents = data.page.items;
  const filtered = query.q !== "" || category !== "All";
  const filterHref = (c: string) => hrefFor({ category: c === "All" ? null : (c as typeof query.category) });
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/documents";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Document Library</h1>
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-medium text-brand-800">
          {data.page.total}
          <span className="sr-only"> documents</span>
        </span>
      </div>

      <Form method="get" role="search" className="mt-6 flex gap-2" onSubmit={search.onSubmit}>
        {category !== "All" ? <input type="hidden" name="category" value={category} /> : null}
        <label htmlFor="library-search" className="sr-only">
          Search documents
        </label>
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" />
          <input
            id="library-search"
            name="q"
            type="search"
            value={search.query}
            onChange={(event) => search.onChange(event.target.value)}
            placeholder="Search documents..."
            className={`${inputClass} pl-9`}
          />
        </div>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Search
        </button>
      </Form>

      <nav aria-label="Filter by category" className="mt-4 flex flex-wrap gap-2">
        {LIBRARY_FILTERS.map((c) => (
          <Link
            key={c}
            to={filterHref(c)}
            aria-current={c === category ? "true" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${
              c === category ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
            }`}
          >
            {c}
          </Link>
        ))}
      </nav>

      {loading ? (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading documents...
        </p>
      ) : null}

      {documents.length === 0 ? (
        <div className="mt-12 flex flex-col items-center text-center text-slate-600">
          <FileText aria-hidden className="h-12 w-12 text-slate-400" />
          <h2 className="mt-4 text-lg font-semibold text-slate-800">No documents found</h2>
          <p className="mt-1">
            {filtered
              ? "No documents match your search criteria. Try adjusting your filters."
              : "Documents will appear here once they are published by administrators."}
          </p>
        </div>
      ) : (
        <>
          <h2 className="sr-only">Documents</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {documents.map((doc) => (
              <li key={doc.id}>
                <DocumentCard doc={doc} />
              </li>
            ))}
          </ul>
          <Pager label="Pages of documents" page={data.page.page} pageCount={data.page.pageCount} hrefFor={(n) => hrefFor({ page: n })} />
        </>
      )}
    </div>
  );
}
