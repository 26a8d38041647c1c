import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { ADMIN_ONLY, requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { flashCookie, readFlash } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { readAboutText, restoreAboutDefault, saveAboutText } from "~/.server/settings/about.service";
import { readSiteSettings, saveSiteSettings, settingsLastSaved } from "~/.server/settings/settings.service";
import * as site from "~/.server/site/site-admin";
import { systemStatus } from "~/.server/system/system.service";
import { AboutEditor } from "~/components/admin/system/about-editor";
import { ContactEditor } from "~/components/admin/system/contact-editor";
import type { FormState } from "~/components/admin/system/form-bits";
import { MenuEditor } from "~/components/admin/system/menu-editor";
import { settingsErrors } from "~/components/admin/system/messages";
import { SettingsForm } from "~/components/admin/system/settings-form";
import { Alert } from "~/components/ui/alert";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { ABOUT_SECTIONS, type AboutSection, parseAboutForm } from "~/lib/about-text";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { FALLBACK_CONTACTS, FALLBACK_MENU } from "~/lib/site";
import { parseContactForm, parseMenuItemForm, parseSettingsForm } from "~/lib/site-settings";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Settings | Admin Portal`) }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, ADMIN_ONLY);
  const ctx = app();
  const [settings, lastSaved, status, menu, contacts, about] = await Promise.all([
    readSiteSettings(ctx),
    settingsLastSaved(ctx),
    systemStatus(ctx),
    site.listMenuItems(ctx),
    site.listContacts(ctx),
    readAboutText(ctx),
  ]);
  return {
    settings,
    lastSaved,
    facts: {
      engine: status.engine,
      databaseBytes: status.databaseBytes,
      storageDriver: status.storageDriver,
      uptimeSeconds: status.uptimeSeconds,
      version: status.version,
    },
    menu,
    contacts,
    about,
    flash: readFlash(request).message,
  };
}

const MESSAGES: Record<string, MessageDescriptor> = {
  "save-settings": msg`Settings saved`,
  "menu-add": msg`Menu item added`,
  "menu-update": msg`Menu item saved`,
  "menu-delete": msg`Menu item deleted`,
  "menu-defaults": msg`Default menu copied`,
  "contact-add": msg`Contact added`,
  "contact-update": msg`Contact saved`,
  "contact-delete": msg`Contact deleted`,
  "contact-defaults": msg`Default contacts copied`,
  "about-save": msg`About text saved`,
  "about-restore": msg`Default text restored`,
};

const ABOUT_RESTORE = "about-restore:";
const aboutSection = (intent: string): AboutSection | null =>
  ABOUT_SECTIONS.find((s) => `${ABOUT_RESTORE}${s.key}` === intent)?.key ?? null;

type Outcome = { done: boolean } | { errors: Record<string, string | undefined> };
type Actor = { id: string };

/** Runs one form's intent through the settings or site service. */
async function apply(
  intent: string,
  id: string | null,
  form: FormData,
  actor: Actor,
  meta: ReturnType<typeof requestMeta>,
): Promise<Outcome> {
  const ctx = app();
  if (intent === "save-settings") {
    const parsed = parseSettingsForm(form);
    if (!parsed.ok) return { errors: parsed.errors };
    await saveSiteSettings(ctx, parsed.value, actor, meta);
    return { done: true };
  }
  if (intent === "menu-add" || intent === "menu-update") {
    const parsed = parseMenuItemForm(form);
    if (!parsed.ok) return { errors: parsed.errors };
    if (intent === "menu-add") return { done: !!(await site.addMenuItem(ctx, parsed.value, actor, meta)) };
    return { done: !!id && (await site.editMenuItem(ctx, id, parsed.value, actor, meta)) };
  }
  if (intent === "contact-add" || intent === "contact-update") {
    const parsed = parseContactForm(form);
    if (!parsed.ok) return { errors: parsed.errors };
    if (intent === "contact-add") return { done: !!(await site.addContact(ctx, parsed.value, actor, meta)) };
    return { done: !!id && (await site.editContact(ctx, id, parsed.value, actor, meta)) };
  }
  if (intent === "about-save") {
    const parsed = parseAboutForm(form);
    if (!parsed.ok) return { errors: parsed.errors };
    await saveAboutText(ctx, parsed.value, actor, meta);
    return { done: true };
  }
  const section = aboutSection(intent);
  if (section) {
    await restoreAboutDefault(ctx, section, actor, meta);
    return { done: true };
  }
  if (intent === "menu-delete") return { done: !!id && (await site.removeMenuItem(ctx, id, actor, meta)) };
  if (intent === "contact-delete") return { done: !!id && (await site.removeContact(ctx, id, actor, meta)) };
  if (intent === "menu-defaults") return { done: await site.copyDefaultMenu(ctx, actor, meta) };
  if (intent === "contact-defaults") return { done: await site.copyDefaultContacts(ctx, actor, meta) };
  throw data({ message: "Unknown action" }, { status: 400 });
}

/** Every change is applied to the public pages at once (open ones reload through the live-update stream). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "") || null;
  const outcome = await apply(intent, id, form, session.user, requestMeta(request));
  const i18n = i18nFor(requestLanguage(request));
  if ("errors" in outcome || !outcome.done) {
    const missing = !("errors" in outcome);
    const fields = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
    const state: FormState = { intent, id, errors: "errors" in outcome ? settingsErrors(outcome.errors, i18n) : {}, fields };
    const message: ToastMessage = {
      tone: "error",
      title: i18n._(msg`Not saved`),
      description: missing ? i18n._(msg`That item no longer exists.`) : i18n._(msg`Please correct the highlighted fields.`),
    };
    return data({ state, message }, { status: missing ? 404 : 400 });
  }
  const key = intent.startsWith(ABOUT_RESTORE) ? "about-restore" : intent;
  const done = MESSAGES[key];
  const message: ToastMessage = {
    tone: "success",
    title: done ? i18n._(done) : i18n._(msg`Saved`),
    description: i18n._(msg`The public pages show it now.`),
  };
  const anchor = intent.startsWith("menu")
    ? "#menu-heading"
    : intent.startsWith("contact")
      ? "#contacts-heading"
      : intent.startsWith("about")
        ? "#about-heading"
        : "";
  return redirect(`/admin/settings${anchor}`, { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.message);
  const notice = actionData?.message ?? loaderData.flash;
  const state = actionData?.state ?? null;
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Settings</Trans>
      </h1>
      {notice ? (
        <div className="mt-4">
          <Alert tone={notice.tone} title={notice.title}>
            {notice.description}
          </Alert>
        </div>
      ) : null}
      <SettingsForm
        settings={loaderData.settings}
        state={state?.intent === "save-settings" ? state : null}
        lastSaved={loaderData.lastSaved}
        facts={loaderData.facts}
      />
      <MenuEditor items={loaderData.menu} state={state} defaults={FALLBACK_MENU.map((m) => m.title)} />
      <ContactEditor contacts={loaderData.contacts} state={state} defaults={FALLBACK_CONTACTS.map((c) => c.label)} />
      <AboutEditor about={loaderData.about} state={state} />
    </>
  );
}
