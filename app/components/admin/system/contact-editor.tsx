import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { CONTACT_LABEL_MAX, CONTACT_TYPES, type ContactType } from "~/lib/site-settings";
import { buttonClass } from "../../ui/styles";
import { type FormState, SelectField, Switch, stateFor, TextField } from "./form-bits";

export interface ContactRow {
  id: string;
  label: string;
  /** Empty when staff gave none: Somali readers then see the English one. */
  labelSo: string;
  value: string;
  type: string;
  displayOrder: number;
  isPublic: boolean;
}

/** The types' names in the picker (the value sent stays the code name). */
const TYPE_NAMES: Record<ContactType, MessageDescriptor> = {
  email: msg({ message: "email", comment: "A contact's type: an e-mail address" }),
  phone: msg({ message: "phone", comment: "A contact's type: a phone number" }),
  other: msg({ message: "other", comment: "A contact's type: anything else (a web address, an office)" }),
};

function ContactFields({ prefix, row, state }: { prefix: string; row: ContactRow | null; state: FormState | null }) {
  const { t } = useLingui();
  const f = state?.fields;
  const e = state?.errors ?? {};
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_2fr_1fr_6rem_auto] lg:items-start">
      <TextField
        id={`${prefix}-label`}
        name="label"
        label={t`Label`}
        defaultValue={f?.label ?? row?.label ?? ""}
        required
        maxLength={CONTACT_LABEL_MAX}
        error={e.label}
      />
      <TextField
        id={`${prefix}-label-so`}
        name="labelSo"
        label={t`Label (Somali)`}
        defaultValue={f?.labelSo ?? row?.labelSo ?? ""}
        maxLength={CONTACT_LABEL_MAX}
        error={e.labelSo}
      />
      <TextField
        id={`${prefix}-value`}
        name="value"
        label={t`Value`}
        defaultValue={f?.value ?? row?.value ?? ""}
        required
        maxLength={200}
        error={e.value}
      />
      <SelectField
        id={`${prefix}-type`}
        name="type"
        label={t`Type`}
        defaultValue={f?.type ?? row?.type ?? "email"}
        options={CONTACT_TYPES.map((type) => ({ value: type, label: t(TYPE_NAMES[type]) }))}
        error={e.type}
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
        <Switch id={`${prefix}-public`} name="isPublic" label={t`Public`} defaultChecked={f ? "isPublic" in f : (row?.isPublic ?? true)} />
      </div>
    </div>
  );
}

/** The contact list of the public footer and home page; only contacts marked Public are shown there. */
export function ContactEditor({ contacts, state, defaults }: { contacts: ContactRow[]; state: FormState | null; defaults: string[] }) {
  const { t } = useLingui();
  const defaultLabels = defaults.join(", ");
  return (
    <section aria-labelledby="contacts-heading" className="mt-8">
      <h2 id="contacts-heading" className="text-lg font-semibold">
        <Trans>Contacts</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>Shown in the public footer and on the home page, in display order.</Trans>
      </p>
      {contacts.length === 0 ? (
        <Form method="post" className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm">
          <p>
            <Trans>No contacts are stored: the public side shows the default contacts ({defaultLabels}).</Trans>
          </p>
          <button type="submit" name="intent" value="contact-defaults" className={`${buttonClass.secondary} mt-3`}>
            <Trans>Copy the default contacts to edit them</Trans>
          </button>
        </Form>
      ) : (
        <ul className="mt-4 space-y-3">
          {contacts.map((c) => {
            const contactLabel = c.label;
            return (
              <li key={c.id}>
                <Form
                  method="post"
                  className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                  aria-label={t`Contact ${contactLabel}`}
                >
                  <input type="hidden" name="id" value={c.id} />
                  <ContactFields prefix={`contact-${c.id}`} row={c} state={stateFor(state, "contact-update", c.id)} />
                  <div className="mt-3 flex gap-2">
                    <button type="submit" name="intent" value="contact-update" className={buttonClass.secondary}>
                      <Trans>Save contact</Trans>
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="contact-delete"
                      formNoValidate
                      className={`${buttonClass.ghost} text-red-700`}
                    >
                      <Trans>Delete contact</Trans>
                    </button>
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      {contacts.length > 0 ? (
        // Keyed by the count so that, with JavaScript, the form empties once its contact is added.
        <Form
          key={contacts.length}
          method="post"
          className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
          aria-label={t`Add a contact`}
        >
          <h3 className="mb-3 font-semibold">
            <Trans>Add a contact</Trans>
          </h3>
          <ContactFields prefix="contact-new" row={null} state={stateFor(state, "contact-add")} />
          <button type="submit" name="intent" value="contact-add" className={`${buttonClass.primary} mt-3`}>
            <Trans>Add contact</Trans>
          </button>
        </Form>
      ) : null}
    </section>
  );
}
