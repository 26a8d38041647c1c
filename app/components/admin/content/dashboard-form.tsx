import { Trans, useLingui } from "@lingui/react/macro";
import { BarChart3 } from "lucide-react";
import { useId } from "react";
import { Form, useFetcher } from "react-router";
import { DASHBOARD_PROVIDERS, DASHBOARD_TYPES, type DashboardFormFields, NEW_DASHBOARD_FIELDS } from "~/lib/dashboard-form";
import type { ThumbnailImage } from "~/lib/dashboard-thumbnail";
import { Alert } from "../../ui/alert";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import type { ToastMessage } from "../../ui/use-toast-message";
import { useDialogAction } from "./action-result";
import { AdminDialog } from "./admin-dialog";
import { dashboardTypeLabel } from "./messages";
import { ThumbnailField } from "./thumbnail-field";

export const NEW_DASHBOARD_HREF = "/admin/dashboards/new";

export interface DashboardFormState {
  message: ToastMessage | null;
  field?: string | null;
  fields?: DashboardFormFields | null;
}

/** "Create Dashboard": a dialog with JavaScript, the /admin/dashboards/new page without it. */
export function CreateDashboardButton() {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const { open, setOpen, error } = useDialogAction(fetcher.data);
  const { t } = useLingui();
  if (!hydrated) {
    return (
      <a href={NEW_DASHBOARD_HREF} className={buttonClass.secondary}>
        <BarChart3 aria-hidden className="h-4 w-4" />
        <Trans>Create Dashboard</Trans>
      </a>
    );
  }
  const busy = fetcher.state !== "idle";
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      wide
      title={t`Create Dashboard`}
      trigger={
        <button type="button" className={buttonClass.secondary}>
          <BarChart3 aria-hidden className="h-4 w-4" />
          <Trans>Create Dashboard</Trans>
        </button>
      }
    >
      <fetcher.Form method="post" action={NEW_DASHBOARD_HREF} encType="multipart/form-data" noValidate>
        <input type="hidden" name="_dialog" value="1" />
        <DashboardFields values={NEW_DASHBOARD_FIELDS} state={error ? { message: error.message, field: error.field } : { message: null }} />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? t`Creating...` : t`Create Dashboard`}
          </button>
        </div>
      </fetcher.Form>
    </AdminDialog>
  );
}

/** The create and edit pages' form (works without JavaScript); `thumbnail` is the edited dashboard's current one. */
export function DashboardPageForm({
  values,
  state,
  submitLabel,
  thumbnail = null,
}: {
  values: DashboardFormFields;
  state: DashboardFormState;
  submitLabel: string;
  thumbnail?: ThumbnailImage | null;
}) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <DashboardFields values={state.fields ?? values} state={state} thumbnail={thumbnail} />
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary}>
          {submitLabel}
        </button>
        <a href="/admin/dashboards" className={buttonClass.secondary}>
          <Trans>Cancel</Trans>
        </a>
      </div>
    </Form>
  );
}

function DashboardFields({
  values,
  state,
  thumbnail = null,
}: {
  values: DashboardFormFields;
  state: DashboardFormState;
  thumbnail?: ThumbnailImage | null;
}) {
  const ids = useId();
  const { i18n, t } = useLingui();
  const field = (
    name: string,
    label: string,
    options: { type?: string; hint?: string; required?: boolean; inputMode?: "numeric" } = {},
  ) => {
    const invalid = state.field === name;
    return (
      <div>
        <label htmlFor={`${ids}-${name}`} className={labelClass}>
          {label}
          {options.required ? (
            <span aria-hidden className="text-red-700">
              {" "}
              *
            </span>
          ) : null}
        </label>
        <input
          id={`${ids}-${name}`}
          name={name}
          type={options.type ?? "text"}
          inputMode={options.inputMode}
          required={options.required}
          defaultValue={String(values[name as keyof DashboardFormFields] ?? "")}
          aria-invalid={invalid || undefined}
          aria-describedby={options.hint ? `${ids}-${name}-hint` : undefined}
          className={`${inputClass} mt-1 ${invalid ? "border-red-600" : ""}`}
        />
        {options.hint ? (
          <p id={`${ids}-${name}-hint`} className="mt-1 text-xs text-slate-600">
            {options.hint}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {state.message ? (
        <div className="sm:col-span-2">
          <Alert tone={state.message.tone} title={state.message.title}>
            {state.message.description}
          </Alert>
        </div>
      ) : null}
      <div className="sm:col-span-2">{field("title", t`Title`, { required: true })}</div>
      <div className="sm:col-span-2">
        <label htmlFor={`${ids}-description`} className={labelClass}>
          <Trans>Description</Trans>
        </label>
        <textarea
          id={`${ids}-description`}
          name="description"
          rows={3}
          defaultValue={values.description}
          className={`${inputClass} mt-1`}
        />
      </div>
      <Select
        id={`${ids}-type`}
        name="type"
        label={t`Type`}
        value={values.type}
        options={DASHBOARD_TYPES.map((type) => ({ value: type, label: dashboardTypeLabel(type, i18n) }))}
      />
      <Select
        id={`${ids}-provider`}
        name="provider"
        label={t`Provider`}
        value={values.provider}
        options={DASHBOARD_PROVIDERS.map((p) => ({ value: p, label: p }))}
      />
      <div className="sm:col-span-2">
        {field("embed_url", t`Embed URL`, {
          type: "url",
          required: true,
          hint: t`The address shown inside the portal; must start with https://`,
        })}
      </div>
      <div className="sm:col-span-2">
        {field("url", t`Dashboard URL`, { type: "url", hint: t`Optional: the dashboard's own page, opened in a new tab; https:// only` })}
      </div>
      {field("display_order", t`Display order`, { inputMode: "numeric", hint: t`0 or more; lower numbers come first` })}
      <label className="flex items-center gap-3 self-end pb-2 text-sm font-medium">
        <input type="checkbox" role="switch" name="is_public" defaultChecked={values.is_public} className="h-5 w-9 accent-brand-600" />
        <Trans>Public access</Trans>
      </label>
      <div className="sm:col-span-2">
        <ThumbnailField id={`${ids}-thumbnail`} current={thumbnail} invalid={state.field === "thumbnail"} />
      </div>
    </div>
  );
}

function Select({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
}) {
  // A stored value outside the spec's list (older data) shows as the default, for the editor to confirm.
  const selected = options.some((o) => o.value === value) ? value : String(NEW_DASHBOARD_FIELDS[name as "type" | "provider"]);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={selected} className={`${inputClass} mt-1`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
