import { Outlet } from "react-router";
import { readCookie } from "~/.server/http/cookies";
import { SideMenu } from "~/components/layout/side-menu";
import { SIDE_MENU_COOKIE } from "~/lib/side-menu-cookie";
import type { Route } from "./+types/library-layout";

export function loader({ request }: Route.LoaderArgs) {
  return { sideMenuOpen: readCookie(request, SIDE_MENU_COOKIE) !== "collapsed" };
}

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
