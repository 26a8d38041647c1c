import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { formatUptime } from "~/lib/duration";
import { formatBytes } from "~/lib/format";
import { SITE_DESCRIPTION_MAX, SITE_NAME_MAX, type SiteSettings } from "~/lib/site-settings";
import { FieldError } from "../../ui/field";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { Tabs } from "../../ui/tabs";
import { UtcTime } from "../utc-time";
import { type FormState, Switch, TextField } from "./form-bits";

export interface SystemFacts {
  engine: string;
  databaseBytes: number;
  storageDriver: string;
  uptimeSeconds: number;
  version: string;
}

/** Values to show: what was just refused (so nothing typed is lost), else what is saved. */
function current(settings: SiteSettings, state: FormState | null): SiteSettings {
  if (!state?.fields) return settings;
  const f = state.fields;
  return {
    siteName: f.siteName ?? "",
    siteDescription: f.siteDescription ?? "",
    siteNameSo: f.siteNameSo ?? "",
    siteDescriptionSo: f.siteDescriptionSo ?? "",
    maintenanceMode: "maintenanceMode" in f,
    emailNotifications: "emailNotifications" in f,
    securityAlerts: "securityAlerts" in f,
    backupEnabled: "backupEnabled" in f,
    publicRegistration: "publicRegistration" in f,
    documentApproval: "documentApproval" in f,
    requireTwoFactorForAdmins: "requireTwoFactorForAdmins" in f,
  };
}

/** The site description's text area (in English or in Somali), with its hint and error. */
function DescriptionField({
  id,
  label,
  hint,
  value,
  error,
}: {
  id: "siteDescription" | "siteDescriptionSo";
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
}) {
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id}
        name={id}
        rows={3}
        maxLength={SITE_DESCRIPTION_MAX}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} mt-1`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function GeneralTab({ values, state }: { values: SiteSettings; state: FormState | null }) {
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <TextField
        id="siteName"
        name="siteName"
        label={t`Site name`}
        defaultValue={values.siteName}
        required
        maxLength={SITE_NAME_MAX}
        error={state?.errors.siteName}
        hint={t`Shown in the public header and in every page title.`}
      />
      <TextField
        id="siteNameSo"
        name="siteNameSo"
        label={t`Site name (Somali)`}
        defaultValue={values.siteNameSo}
        maxLength={SITE_NAME_MAX}
        error={state?.errors.siteNameSo}
        hint={t`Shown instead to readers of the Somali pages; left empty, they see the site name above.`}
      />
      <DescriptionField
        id="siteDescription"
        label={t`Site description`}
        value={values.siteDescription}
        error={state?.errors.siteDescription}
        hint={t`Shown in the public footer; left empty, the default text is used.`}
      />
      <DescriptionField
        id="siteDescriptionSo"
        label={t`Site description (Somali)`}
        value={values.siteDescriptionSo}
        error={state?.errors.siteDescriptionSo}
        hint={t`Shown instead to readers of the Somali pages; left empty, they see the description above (the default text in Somali).`}
      />
      <Switch
        id="maintenanceMode"
        name="maintenanceMode"
        label={t`Maintenance mode`}
        defaultChecked={values.maintenanceMode}
        hint={t`Visitors get a maintenance page (HTTP 503). The admin portal and signed-in staff keep working.`}
      />
    </div>
  );
}

function SystemTab({ facts }: { facts: SystemFacts }) {
  const { i18n } = useLingui();
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
      <dt className="font-medium text-slate-700">
        <Trans>Version</Trans>
      </dt>
      <dd>v{facts.version}</dd>
      <dt className="font-medium text-slate-700">
        <Trans>Uptime</Trans>
      </dt>
      <dd>{formatUptime(facts.uptimeSeconds, i18n)}</dd>
      <dt className="font-medium text-slate-700">
        <Trans>File storage</Trans>
      </dt>
      <dd>{facts.storageDriver}</dd>
      <dt className="font-medium text-slate-700">
        <Trans>Checks</Trans>
      </dt>
      <dd>
        <a href="/admin/test" className="text-brand-700 underline">
          <Trans>Run the test suite</Trans>
        </a>
      </dd>
    </dl>
  );
}

/** The switches that are stored but that nothing in the portal acts on yet, each saying so. */
function StoredSwitches({
  values,
  items,
}: {
  values: SiteSettings;
  items: Array<{ key: keyof SiteSettings; label: string; note: string }>;
}) {
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      {items.map(({ key, label, note }) => (
        <Switch
          key={key}
          id={key}
          name={key}
          label={label}
          defaultChecked={values[key] === true}
          hint={t`Stored for your records: ${note}`}
        />
      ))}
    </div>
  );
}

function settingsTabs(values: SiteSettings, state: FormState | null, facts: SystemFacts, i18n: I18n) {
  const engine = facts.engine;
  const size = formatBytes(facts.databaseBytes, i18n);
  return [
    { id: "general", label: i18n._(msg`General`), content: <GeneralTab values={values} state={state} /> },
    {
      id: "security",
      label: i18n._(msg`Security`),
      content: (
        <div className="space-y-4">
          <Switch
            id="requireTwoFactorForAdmins"
            name="requireTwoFactorForAdmins"
            label={i18n._(msg`Require two-factor sign-in for admins`)}
            defaultChecked={values.requireTwoFactorForAdmins}
            hint={i18n._(
              msg`An admin without two-factor sign-in is sent to set it up before using the admin portal. Editors may still choose it.`,
            )}
          />
          <StoredSwitches
            values={values}
            items={[
              {
                key: "publicRegistration",
                label: i18n._(msg`Public registration`),
                note: i18n._(msg`this portal has no public sign-up; staff accounts are created by invitation on the Users page.`),
              },
              {
                key: "documentApproval",
                label: i18n._(msg`Document approval`),
                note: i18n._(msg`documents are published by the staff member who uploads or edits them.`),
              },
            ]}
          />
        </div>
      ),
    },
    {
      id: "database",
      label: i18n._(msg`Database`),
      content: (
        <div className="space-y-4">
          <p className="text-sm">
            <Trans>
              {engine}, {size}.{" "}
              <a href="/admin/database" className="text-brand-700 underline">
                Row counts, migrations and backup
              </a>
            </Trans>
          </p>
          <StoredSwitches
            values={values}
            items={[
              {
                key: "backupEnabled",
                label: i18n._(msg`Scheduled backups`),
                note: i18n._(msg`the portal takes no scheduled backups; download one from the Database page.`),
              },
            ]}
          />
        </div>
      ),
    },
    {
      id: "notifications",
      label: i18n._(msg`Notifications`),
      content: (
        <StoredSwitches
          values={values}
          items={[
            { key: "emailNotifications", label: i18n._(msg`Email notifications`), note: i18n._(msg`this portal does not send e-mail.`) },
            {
              key: "securityAlerts",
              label: i18n._(msg`Security alerts`),
              note: i18n._(msg`security events are listed on the Security page.`),
            },
          ]}
        />
      ),
    },
    { id: "system", label: i18n._(msg`System`), content: <SystemTab facts={facts} /> },
  ];
}

/**
 * The five tabs and Save Settings (admin-and-sharing section 2). Without JavaScript the tabs are
 * shown one after another; the form posts and the page comes back with the saved values.
 */
export function SettingsForm({
  settings,
  state,
  lastSaved,
  facts,
}: {
  settings: SiteSettings;
  state: FormState | null;
  lastSaved: { at: string; by: string | null } | null;
  facts: SystemFacts;
}) {
  const busy = useNavigation().formData?.get("intent") === "save-settings";
  const { i18n, t } = useLingui();
  return (
    <Form method="post" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="sr-only">
        <Trans>Site settings</Trans>
      </h2>
      <input type="hidden" name="intent" value="save-settings" />
      <Tabs tabs={settingsTabs(current(settings, state), state, facts, i18n)} label={t`Settings`} />
      <div className="mt-6 flex flex-wrap items-center gap-4 border-t border-slate-100 pt-4">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? t`Saving...` : t`Save Settings`}
        </button>
        <p className="text-sm text-slate-600">
          {lastSaved ? <LastSaved at={lastSaved.at} by={lastSaved.by} /> : <Trans>Not saved yet: the defaults apply.</Trans>}
        </p>
      </div>
    </Form>
  );
}

function LastSaved({ at, by }: { at: string; by: string | null }) {
  return by ? (
    <Trans>
      Last saved <UtcTime iso={at} /> by {by}
    </Trans>
  ) : (
    <Trans>
      Last saved <UtcTime iso={at} />
    </Trans>
  );
}
