import { Form } from "react-router";
import { MENU_ICONS } from "~/lib/site";
import { buttonClass } from "../../ui/styles";
import { type FormState, SelectField, Switch, stateFor, TextField } from "./form-bits";

export interface MenuRow {
  id: string;
  title: string;
  url: string;
  icon: string;
  displayOrder: number;
  active: boolean;
}

function MenuFields({ prefix, row, state }: { prefix: string; row: MenuRow | null; state: FormState | null }) {
  const f = state?.fields;
  const e = state?.errors ?? {};
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_6rem_auto] lg:items-start">
      <TextField
        id={`${prefix}-title`}
        name="title"
        label="Title"
        defaultValue={f?.title ?? row?.title ?? ""}
        required
        maxLength={60}
        error={e.title}
      />
      <TextField
        id={`${prefix}-url`}
        name="url"
        label="URL"
        defaultValue={f?.url ?? row?.url ?? ""}
        required
        maxLength={500}
        error={e.url}
      />
      <SelectField
        id={`${prefix}-icon`}
        name="icon"
        label="Icon"
        defaultValue={f?.icon ?? row?.icon ?? "file-text"}
        options={MENU_ICONS}
        error={e.icon}
      />
      <TextField
        id={`${prefix}-order`}
        name="displayOrder"
        label="Order"
        type="number"
        defaultValue={f?.displayOrder ?? String(row?.displayOrder ?? 0)}
        error={e.displayOrder}
      />
      <div className="lg:pt-7">
        <Switch id={`${prefix}-active`} name="active" label="Active" defaultChecked={f ? "active" in f : (row?.active ?? true)} />
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
  return (
    <section aria-labelledby="menu-heading" className="mt-8">
      <h2 id="menu-heading" className="text-lg font-semibold">
        Navigation menu
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The links of the public header, in display order; the footer shows the first five except Home.
      </p>
      {items.length === 0 ? (
        <Form method="post" className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm">
          <p>No menu items are stored: the public side shows the default menu ({defaults.join(", ")}).</p>
          <button type="submit" name="intent" value="menu-defaults" className={`${buttonClass.secondary} mt-3`}>
            Copy the default menu to edit it
          </button>
        </Form>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              <Form
                method="post"
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                aria-label={`Menu item ${item.title}`}
              >
                <input type="hidden" name="id" value={item.id} />
                <MenuFields prefix={`menu-${item.id}`} row={item} state={stateFor(state, "menu-update", item.id)} />
                <div className="mt-3 flex gap-2">
                  <button type="submit" name="intent" value="menu-update" className={buttonClass.secondary}>
                    Save item
                  </button>
                  <button type="submit" name="intent" value="menu-delete" formNoValidate className={`${buttonClass.ghost} text-red-700`}>
                    Delete item
                  </button>
                </div>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 ? (
        // Keyed by the count so that, with JavaScript, the form empties once its item is added.
        <Form
          key={items.length}
          method="post"
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
          aria-label="Add a menu item"
        >
          <h3 className="mb-3 font-semibold">Add a menu item</h3>
          <MenuFields prefix="menu-new" row={null} state={stateFor(state, "menu-add")} />
          <button type="submit" name="intent" value="menu-add" className={`${buttonClass.primary} mt-3`}>
            Add menu item
          </button>
        </Form>
      ) : null}
    </section>
  );
}
