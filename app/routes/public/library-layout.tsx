import { Outlet } from "react-router";
import { readCookie } from "~/.server/http/cookies";
import { SideMenu } from "~/components/layout/side-menu";
import { loadAsDocument } from "~/lib/page-scripts";
import { SIDE_MENU_COOKIE } from "~/lib/side-menu-cookie";
import type { Route } from "./+types/library-layout";

export function loader({ request }: Route.LoaderArgs) {
  return { sideMenuOpen: readCookie(request, SIDE_MENU_COOKIE) !== "collapsed" };
}

// A page that does not hydrate (decision 0038, lib/enhanced-pages.json): a link to it from a hydrated page loads it whole.
export const clientLoader = loadAsDocument;

/** The document library's frame: the side menu beside the page. */
export default function LibraryLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="md:flex">
      <SideMenu initiallyOpen={loaderData.sideMenuOpen} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
