import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { documentUrlOptions, type ShareKind, shareUrl, type UrlOption } from "~/lib/share-links";
import { Alert } from "../ui/alert";
import { SpriteIcon } from "../ui/icon-sprite";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";
import { AdminDialog } from "./content/admin-dialog";
import { DecoderField, DecoderForm, ShareTips, ShareVia, UrlOptionRow } from "./folders/share-parts";

/** The Shareable Links page's action creates tokens on demand (routes/admin/shareable-links.tsx). */
export const SHARE_LINKS_ACTION = "/admin/shareable-links";

export interface ShareSubject {
  kind: ShareKind;
  id: string;
  title: string;
  shareToken: string | null;
  /** A published document or a public folder: only then do its links open for visitors. */
  visible: boolean;
}

export interface EnhancedShareDialogProps {
  subject: ShareSubject;
  /** The portal's external origin, for absolute links. */
  origin: string;
  /** Where the no-JavaScript "create link" form comes back to. */
  returnTo: string;
  label?: string;
  defaultOpen?: boolean;
  triggerClassName?: string;
  /**
   * Without JavaScript, a link to this address (a page where this share panel is open) instead of
   * the panel itself: the folders list's cards, 24 a page, each with a whole panel of forms,
   * decoder and tips, made it the heaviest admin page to render.
   */
  panelAt?: string;
}

interface TokenAnswer {
  ok: boolean;
  message: { title: string; description?: string };
  token?: string;
}

export function shareAnchor(subject: { kind: ShareKind; id: string }): string {
  return `share-${subject.kind}-${subject.id}`;
}

function urlOptions(origin: string, subject: ShareSubject, token: string | null, i18n: I18n): UrlOption[] {
  if (subject.kind === "document") return documentUrlOptions(origin, { id: subject.id, shareToken: token });
  return [
    {
      key: "token",
      label: i18n._(msg`Folder link`),
      hint: i18n._(msg`Opens the folder and its published documents, without signing in.`),
      url: token ? shareUrl(origin, "folder", token) : null,
    },
  ];
}

function hiddenNote(subject: ShareSubject, i18n: I18n): string | null {
  if (subject.visible) return null;
  return subject.kind === "document"
    ? i18n._(msg`This document is a draft: its links open for visitors only once it is published.`)
    : i18n._(msg`This folder is private: its link opens for visitors only once the folder is public.`);
}

/** The dialog's heading. */
function shareTitle(subject: ShareSubject, i18n: I18n): string {
  return subject.kind === "document" ? i18n._(msg`Share Document`) : i18n._(msg`Share Folder`);
}

/** The button that makes the missing share-token or folder link. */
function createLabel(subject: ShareSubject, i18n: I18n): string {
  return subject.kind === "document" ? i18n._(msg`Create share-token link`) : i18n._(msg`Create folder link`);
}

/**
 * The Enhanced Share dialog (admin-and-sharing section 2): three addresses for a document
 * (direct, public, share-token; the token is created on demand) or the folder's share link
 * (created when the dialog opens if the folder has none), copy buttons, e-mail, WhatsApp, social
 * links, a URL decoder and tips. Without JavaScript it is a disclosure with plain links and forms.
 * `label` (the trigger's text, "Share" without it) is translated by the caller.
 */
export function EnhancedShareDialog(props: EnhancedShareDialogProps) {
  const hydrated = useHydrated();
  if (hydrated) return <ShareDialogWithScript {...props} />;
  return props.panelAt ? <SharePanelLink {...props} href={props.panelAt} /> : <ShareDisclosure {...props} />;
}

/**
 * The trigger's text and accessible name ("Share: <title>"), the same whether it is the dialog's
 * button, the disclosure's summary or the link to the open panel.
 */
function useTriggerText(subject: ShareSubject, given: string | undefined) {
  const { t } = useLingui();
  const label = given ?? t`Share`;
  const title = subject.title;
  return { label, ariaLabel: t`${label}: ${title}` };
}

function TriggerContent({ label }: { label: string }) {
  return (
    <>
      <SpriteIcon name="share-2" className="h-4 w-4" />
      {label}
    </>
  );
}

/** The trigger, as a link to the page where the share panel is open (`panelAt`). */
function SharePanelLink({
  subject,
  label: given,
  triggerClassName = buttonClass.secondary,
  href,
}: EnhancedShareDialogProps & { href: string }) {
  const { label, ariaLabel } = useTriggerText(subject, given);
  return (
    <a href={href} className={triggerClassName} aria-label={ariaLabel}>
      <TriggerContent label={label} />
    </a>
  );
}

function ShareDialogWithScript({
  subject,
  origin,
  label: given,
  defaultOpen = false,
  triggerClassName = buttonClass.secondary,
}: EnhancedShareDialogProps) {
  const { i18n, t } = useLingui();
  const { label, ariaLabel } = useTriggerText(subject, given);
  const [open, setOpen] = useState(defaultOpen);
  const fetcher = useFetcher<TokenAnswer>();
  const created = fetcher.data?.ok ? (fetcher.data.token ?? null) : null;
  const token = created ?? subject.shareToken;
  const busy = fetcher.state !== "idle";
  const createToken = () =>
    void fetcher.submit(
      { intent: "ensure", kind: subject.kind, id: subject.id, _dialog: "1" },
      { method: "post", action: SHARE_LINKS_ACTION },
    );

  // A folder is shared by its link only, so opening its dialog creates the link when there is none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens or the token changes, never again for a refusal
  useEffect(() => {
    // Once only: after a refusal the dialog shows it and offers the button instead of retrying.
    if (open && subject.kind === "folder" && !token && fetcher.state === "idle" && !fetcher.data) createToken();
  }, [open, token]);

  const options = urlOptions(origin, subject, token, i18n);
  const [choice, setChoice] = useState<UrlOption["key"]>(subject.kind === "document" ? "direct" : "token");
  const selected = options.find((o) => o.key === choice)?.url ?? null;
  const note = hiddenNote(subject, i18n);
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      wide
      title={shareTitle(subject, i18n)}
      description={subject.title}
      trigger={
        <button type="button" className={triggerClassName} aria-label={ariaLabel}>
          <TriggerContent label={label} />
        </button>
      }
    >
      <div className="space-y-5">
        {note ? (
          <Alert tone="error" title={t`Not visible to the public yet`}>
            {note}
          </Alert>
        ) : null}
        {fetcher.data && !fetcher.data.ok ? (
          <Alert tone="error" title={fetcher.data.message.title}>
            {fetcher.data.message.description}
          </Alert>
        ) : null}
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">
            <Trans>Link to share</Trans>
          </legend>
          {options.map((option) => (
            <UrlOptionRow
              key={option.key}
              option={option}
              selected={choice === option.key}
              onSelect={options.length > 1 ? () => setChoice(option.key) : undefined}
              missing={
                <button type="button" className={buttonClass.secondary} disabled={busy} onClick={createToken}>
                  <Link2 aria-hidden className="h-4 w-4" />
                  {busy ? t`Creating link...` : createLabel(subject, i18n)}
                </button>
              }
            />
          ))}
        </fieldset>
        <section aria-label={t`Share via`} className="space-y-2">
          <h3 className="text-sm font-semibold">
            <Trans>Share via</Trans>
          </h3>
          <ShareVia url={selected} title={subject.title} withRecipient />
        </section>
        <DecoderField />
        <ShareTips />
      </div>
    </AdminDialog>
  );
}

function ShareDisclosure({
  subject,
  origin,
  returnTo,
  label: given,
  defaultOpen = false,
  triggerClassName = buttonClass.secondary,
}: EnhancedShareDialogProps) {
  const { i18n } = useLingui();
  const { label, ariaLabel } = useTriggerText(subject, given);
  const options = urlOptions(origin, subject, subject.shareToken, i18n);
  const first = options.find((o) => o.url)?.url ?? null;
  const note = hiddenNote(subject, i18n);
  return (
    <details id={shareAnchor(subject)} open={defaultOpen} className="w-full">
      <summary className={`${triggerClassName} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-label={ariaLabel}>
        <TriggerContent label={label} />
      </summary>
      <div className="mt-2 space-y-4 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-sm">
        <h3 className="text-base font-semibold">{shareTitle(subject, i18n)}</h3>
        {note ? <p className="text-sm text-red-800">{note}</p> : null}
        {options.map((option) => (
          <UrlOptionRow
            key={option.key}
            option={option}
            missing={
              <form method="post" action={SHARE_LINKS_ACTION}>
                <input type="hidden" name="intent" value="ensure" />
                <input type="hidden" name="kind" value={subject.kind} />
                <input type="hidden" name="id" value={subject.id} />
                <input type="hidden" name="returnTo" value={returnTo} />
                <button type="submit" className={buttonClass.secondary}>
                  <SpriteIcon name="link-2" className="h-4 w-4" />
                  {createLabel(subject, i18n)}
                </button>
              </form>
            }
          />
        ))}
        <ShareVia url={first} title={subject.title} withRecipient={false} />
        <DecoderForm />
        <ShareTips />
      </div>
    </details>
  );
}
