import { Form } from "react-router";
import { CONTACT_TYPES } from "~/lib/site-settings";
import { buttonClass } from "../../ui/styles";
import { type FormState, SelectField, Switch, stateFor, TextField } from "./form-bits";

export interface ContactRow {
  id: string;
  label: string;
  value: string;
  type: string;
  displayOrder: number;
  isPublic: boolean;
}

function ContactFields({ prefix, row, state }: { prefix: string; row: ContactRow | null; state: FormState | null }) {
  const f = state?.fields;
  const e = state?.errors ?? {};
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_6rem_auto] lg:items-start">
      <TextField
        id={`${prefix}-label`}
        name="label"
        label="Label"
        defaultValue={f?.label ?? row?.label ?? ""}
        required
        maxLength={80}
        error={e.label}
      />
      <TextField
        id={`${prefix}-value`}
        name="value"
        label="Value"
        defaultValue={f?.value ?? row?.value ?? ""}
        required
        maxLength={200}
        error={e.value}
      />
      <SelectField
        id={`${prefix}-type`}
        name="type"
        label="Type"
        defaultValue={f?.type ?? row?.type ?? "email"}
        options={CONTACT_TYPES}
        error={e.type}
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
        <Switch id={`${prefix}-public`} name="isPublic" label="Public" defaultChecked={f ? "isPublic" in f : (row?.isPublic ?? true)} />
      </div>
    </div>
  );
}

/** The contact list of the public footer and home page; only contacts marked Public are shown there. */
export function ContactEditor({ contacts, state, defaults }: { contacts: ContactRow[]; state: FormState | null; defaults: string[] }) {
  return (
    <section aria-labelledby="contacts-heading" className="mt-8">
      <h2 id="contacts-heading" className="text-lg font-semibold">
        Contacts
      </h2>
      <p className="mt-1 text-sm text-slate-700">Shown in the public footer and on the home page, in display order.</p>
      {contacts.length === 0 ? (
        <Form method="post" className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm">
          <p>No contacts are stored: the public side shows the default contacts ({defaults.join(", ")}).</p>
          <button type="submit" name="intent" value="contact-defaults" className={`${buttonClass.secondary} mt-3`}>
            Copy the default contacts to edit them
          </button>
        </Form>
      ) : (
        <ul className="mt-4 space-y-3">
          {contacts.map((c) => (
            <li key={c.id}>
              <Form method="post" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label={`Contact ${c.label}`}>
                <input type="hidden" name="id" value={c.id} />
                <ContactFields prefix={`contact-${c.id}`} row={c} state={stateFor(state, "contact-update", c.id)} />
                <div className="mt-3 flex gap-2">
                  <button type="submit" name="intent" value="contact-update" className={buttonClass.secondary}>
                    Save contact
                  </button>
                  <button type="submit" name="intent" value="contact-delete" formNoValidate className={`${buttonClass.ghost} text-red-700`}>
                    Delete contact
                  </button>
                </div>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {contacts.length > 0 ? (
        // Keyed by the count so that, with JavaScript, the form empties once its contact is added.
        <Form
          key={contacts.length}
          method="post"
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
          aria-label="Add a contact"
        >
          <h3 className="mb-3 font-semibold">Add a contact</h3>
          <ContactFields prefix="contact-new" row={null} state={stateFor(state, "contact-add")} />
          <button type="submit" name="intent" value="contact-add" className={`${buttonClass.primary} mt-3`}>
            Add contact
          </button>
        </Form>
      ) : null}
    </section>
  );
}
