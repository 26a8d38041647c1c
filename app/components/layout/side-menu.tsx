import { Trans, useLingui } from "@lingui/react/macro";
import { PanelLeftClose, PanelLeftOpen } from "lucide";
import { Link, useLocation } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import { isActivePath, SIDE_MENU_ITEMS } from "~/lib/side-menu";
import { MenuIcon } from "./menu-icon";
import { PageTexts } from "./page-texts";

/**
 * The library's collapsible side menu: 16rem open, 3rem icon-only, 18rem on phones. The state
 * lives in a cookie so the server renders it right. Without JavaScript the toggle is a form post;
 * with it (app/enhance/side-menu.ts, decision 0038) the toggle and ctrl or meta + b change it in
 * place and write the cookie. What the state changes is styled from the aside's `data-open`, so
 * the script only flips that attribute and the toggle's label.
 */
export function SideMenu({ initiallyOpen }: { initiallyOpen: boolean }) {
  const { t } = useLingui();
  const open = initiallyOpen;
  const { pathname, search } = useLocation();

  const links = (compact: boolean | null) =>
    SIDE_MENU_ITEMS.map((item) => {
      const active = isActivePath(item.url, pathname);
      const title = t(item.title);
      return (
        <Link
          key={item.url}
          to={item.url}
          aria-current={active ? "page" : undefined}
          // The collapsed menu names each link in its tooltip (the script sets it when the menu collapses).
          title={compact ? title : undefined}
          data-title={compact === null ? undefined : title}
          // app.css's side-link: the current page's (aria-current) is highlighted.
          className="side-link"
        >
          <MenuIcon name={item.icon} className="h-4 w-4 shrink-0" />
          <span className={compact === null ? "" : "group-data-[open=false]/side:sr-only"}>{title}</span>
        </Link>
      );
    });

  const collapse = t`Collapse side menu (Ctrl+B)`;
  const expand = t`Expand side menu (Ctrl+B)`;
  const toggleLabel = open ? collapse : expand;
  return (
    <>
      <details className="mx-4 mt-4 md:hidden">
        <summary className="cursor-pointer rounded-md border border-slate-200 bg-white px-3 py-2 text-sm font-medium">
          <Trans>Library menu</Trans>
        </summary>
        <nav
          aria-label={t`Library (mobile)`}
          className="mt-2 flex w-[18rem] max-w-full flex-col gap-1 rounded-md border border-slate-200 bg-white p-2"
        >
          {links(null)}
        </nav>
      </details>
      <aside
        data-side-menu
        data-open={open ? "true" : "false"}
        className="group/side hidden w-64 shrink-0 border-r border-slate-200 bg-white data-[open=false]:w-12 md:block"
      >
        <PageTexts name="side-menu" texts={{ collapse, expand }} />
        <div className="sticky top-16 flex flex-col gap-1 p-1.5">
          <form method="post" action="/preferences/side-menu" data-side-menu-toggle>
            <input type="hidden" name="open" value={open ? "false" : "true"} />
            <input type="hidden" name="redirectTo" value={pathname + search} />
            <button
              type="submit"
              aria-label={toggleLabel}
              title={toggleLabel}
              className="flex w-full items-center justify-center rounded-md p-2 text-slate-600 hover:bg-slate-100"
            >
              <LineIcon name="panel-left-close" icon={PanelLeftClose} className="h-4 w-4 group-data-[open=false]/side:hidden" />
              <LineIcon name="panel-left-open" icon={PanelLeftOpen} className="hidden h-4 w-4 group-data-[open=false]/side:block" />
            </button>
          </form>
          <nav aria-label={t`Library`} className="flex flex-col gap-1">
            {links(!open)}
          </nav>
        </div>
      </aside>
    </>
  );
}
