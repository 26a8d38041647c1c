import { app } from "~/.server/context";
import { listPublicListItems } from "~/.server/documents/documents.service";
import { LIST_PAGES, ListPage } from "~/components/documents/list-page";
import { keepListOnFailure } from "~/components/documents/use-list-refresh";
import { retitle } from "~/lib/site";
import type { Route } from "./+types/guidelines";

const page = LIST_PAGES.guidelines;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: retitle(page.metaTitle, matches) },
  { name: "description", content: page.metaDescription },
];

export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  return { q, documents: await listPublicListItems(app(), { q, category: page.category }) };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => keepListOnFailure(args);

export default function GuidelinesPage({ loaderData }: Route.ComponentProps) {
  return <ListPage page={page} loaderData={loaderData} />;
}
