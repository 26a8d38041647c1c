import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { MENU_ICONS, type MenuIcon } from "~/lib/site";
import { MENU_TITLE_MAX } from "~/lib/site-settings";
import { buttonClass } from "../../ui/styles";
import { type FormState, SelectField, Switch, stateFor, TextField } from "./form-bits";

export interface MenuRow {
  id: string;
  title: string;
  /** Empty when staff gave none: Somali readers then see the English one. */
  titleSo: string;
  url: string;
  icon: string;
  displayOrder: number;
  active: boolean;
}

/** The icons' names in the picker (the value sent stays the icon's code name). */
const ICON_NAMES: Record<MenuIcon, MessageDescriptor> = {
  home: msg({ message: "home", comment: "The name of a menu item's icon (a house)" }),
  "file-text": msg({ message: "file-text", comment: "The name of a menu item's icon (a page of text)" }),
  "book-open": msg({ message: "book-open", comment: "The name of a menu item's icon (an open book)" }),
  folder: msg({ message: "folder", comment: "The name of a menu item's icon (a folder)" }),
  "bar-chart-3": msg({ message: "bar-chart-3", comment: "The name of a menu item's icon (a bar chart)" }),
  info: msg({ message: "info", comment: "The name of a menu item's icon (the letter i in a circle)" }),
};

function MenuFields({ prefix, row, state }: { prefix: string; row: MenuRow | null; state: FormState | null }) {
  const { t } = useLingui();
  const f = state?.fields;
  const e = state?.errors ?? {};
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_2fr_1fr_6rem_auto] lg:items-start">
      <TextField
        id={`${prefix}-title`}
        name="title"
        label={t`Title`}
        defaultValue={f?.title ?? row?.title ?? ""}
        required
        maxLength={MENU_TITLE_MAX}
        error={e.title}
      />
      <TextField
        id={`${prefix}-title-so`}
        name="titleSo"
        label={t`Title (Somali)`}
        defaultValue={f?.titleSo ?? row?.titleSo ?? ""}
        maxLength={MENU_TITLE_MAX}
        error={e.titleSo}
      />
      <TextField
        id={`${prefix}-url`}
        name="url"
        label={t`URL`}
        defaultValue={f?.url ?? row?.url ?? ""}
        required
        maxLength={500}
        error={e.url}
      />
      <SelectField
        id={`${prefix}-icon`}
        name="icon"
        label={t`Icon`}
        defaultValue={f?.icon ?? row?.icon ?? "file-text"}
        options={MENU_ICONS.map((icon) => ({ value: icon, label: t(ICON_NAMES[icon]) }))}
        error={e.icon}
      />
      <TextField
        id={`${prefix}-order`}
        name="displayOrder"
        label={t`Order`}
        type="number"
        defaultValue={f?.displayOrder ?? String(row?.displayOrder ?? 0)}
        error={e.displayOrder}
      />
      <div className="lg:pt-7">
        <Switch id={`${prefix}-active`} name="active" label={t`Active`} defaultChecked={f ? "active" in f : (row?.active ?? true)} />
      </div>
    </div>
  );
}

/**
 * The public navigation menu (public-portal section 2): one form per item, so each saves or
 * deletes alone without JavaScript. While the table is empty the public side shows the default
 * menu; the editor offers to copy it first, or a single new item would replace it all.
 */
export function MenuEditor({ items, state, defaults }: { items: MenuRow[]; state: FormState | null; defaults: string[] }) {
  const { t } = useLingui();
  const defaultTitles = defaults.join(", ");
  return (
    <section aria-labelledby="menu-heading" className="mt-8">
      <h2 id="menu-heading" className="text-lg font-semibold">
        <Trans>Navigation menu</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>The links of the public header, in display order; the footer shows the first five except Home.</Trans>
      </p>
      {items.length === 0 ? (
        <Form method="post" className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm">
          <p>
            <Trans>No menu items are stored: the public side shows the default menu ({defaultTitles}).</Trans>
          </p>
          <button type="submit" name="intent" value="menu-defaults" className={`${buttonClass.secondary} mt-3`}>
            <Trans>Copy the default menu to edit it</Trans>
          </button>
        </Form>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((item) => {
            const itemTitle = item.title;
            return (
              <li key={item.id}>
                <Form
                  method="post"
                  className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                  aria-label={t`Menu item ${itemTitle}`}
                >
                  <input type="hidden" name="id" value={item.id} />
                  <MenuFields prefix={`menu-${item.id}`} row={item} state={stateFor(state, "menu-update", item.id)} />
                  <div className="mt-3 flex gap-2">
                    <button type="submit" name="intent" value="menu-update" className={buttonClass.secondary}>
                      <Trans>Save item</Trans>
                    </button>
                    <button type="submit" name="intent" value="menu-delete" formNoValidate className={`${buttonClass.ghost} text-red-700`}>
                      <Trans>Delete item</Trans>
                    </button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      {items.length > 0 ? (
        // Keyed by the count so that, with JavaScript, the form empties once its item is added.
        <Form
          key={items.length}
          method="post"
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
          aria-label={t`Add a menu item`}
        >
          <h3 className="mb-3 font-semibold">
            <Trans>Add a menu item</Trans>
          </h3>
          <MenuFields prefix="menu-new" row={null} state={stateFor(state, "menu-add")} />
          <button type="submit" name="intent" value="menu-add" className={`${buttonClass.primary} mt-3`}>
            <Trans>Add menu item</Trans>
          </button>
        </Form>
      ) : null}
    </section>
  );
}
