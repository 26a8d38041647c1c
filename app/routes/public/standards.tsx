import { app } from "~/.server/context";
import { loadCategoryList } from "~/.server/documents/list-loader";
import { ListPage } from "~/components/documents/list-page";
import { feedMeta } from "~/lib/feeds";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { LIST_PAGES } from "~/lib/list-pages";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/standards";

const page = LIST_PAGES.standards;

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const i18n = pageI18n();
  return [
    { title: siteTitle(matches, i18n._(page.title)) },
    { name: "description", content: i18n._(page.metaDescription) },
    // The feeds of the list as it is shown (decision 0034).
    ...feedMeta(data?.feeds),
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  return loadCategoryList(app(), request, page.category);
}

export default function StandardsPage({ loaderData }: Route.ComponentProps) {
  return <ListPage page={page} loaderData={loaderData} />;
}
