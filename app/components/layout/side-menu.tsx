import { Trans, useLingui } from "@lingui/react/macro";
import { PanelLeftClose, PanelLeftOpen } from "lucide";
import { useEffect, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import { isActivePath, SIDE_MENU_ITEMS, sideMenuCookie } from "~/lib/side-menu";
import { useHydrated } from "../ui/use-hydrated";
import { MenuIcon } from "./menu-icon";

/**
 * The library's collapsible side menu: 16rem open, 3rem icon-only, 18rem on
 * phones. The state lives in a cookie so the server renders it right; ctrl or
 * meta + b toggles it. Without JavaScript the toggle is a form post.
 */
export function SideMenu({ initiallyOpen }: { initiallyOpen: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(initiallyOpen);
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers our readers use
    if (hydrated) document.cookie = sideMenuCookie(open);
  }, [open, hydrated]);

  const links = (compact: boolean) =>
    SIDE_MENU_ITEMS.map((item) => {
      const active = isActivePath(item.url, pathname);
      const title = t(item.title);
      return (
        <Link
          key={item.url}
          to={item.url}
          aria-current={active ? "page" : undefined}
          title={compact ? title : undefined}
          // app.css's side-link: the current page's (aria-current) is highlighted.
          className="side-link"
        >
          <MenuIcon name={item.icon} className="h-4 w-4 shrink-0" />
          <span className={compact ? "sr-only" : ""}>{title}</span>
        </Link>
      );
    });

  const toggleLabel = open ? t`Collapse side menu (Ctrl+B)` : t`Expand side menu (Ctrl+B)`;
  const toggleIcon = open ? { name: "panel-left-close", icon: PanelLeftClose } : { name: "panel-left-open", icon: PanelLeftOpen };
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
          {links(false)}
        </nav>
      </details>
      <aside className={`hidden shrink-0 border-r border-slate-200 bg-white md:block ${open ? "w-64" : "w-12"}`}>
        <div className="sticky top-16 flex flex-col gap-1 p-1.5">
          {hydrated ? (
            <button
              type="button"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-label={toggleLabel}
              title={toggleLabel}
              className="flex items-center justify-center rounded-md p-2 text-slate-600 hover:bg-slate-100"
            >
              <LineIcon {...toggleIcon} className="h-4 w-4" />
            </button>
          ) : (
            <Form method="post" action="/preferences/side-menu">
              <input type="hidden" name="open" value={open ? "false" : "true"} />
              <input type="hidden" name="redirectTo" value={pathname + search} />
              <button
                type="submit"
                aria-label={toggleLabel}
                title={toggleLabel}
                className="flex w-full items-center justify-center rounded-md p-2 text-slate-600 hover:bg-slate-100"
              >
                <LineIcon {...toggleIcon} className="h-4 w-4" />
              </button>
            </Form>
          )}
          <nav aria-label={t`Library`} className="flex flex-col gap-1">
            {links(!open)}
          </nav>
        </div>
      </aside>
    </>
  );
}
