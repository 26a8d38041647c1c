import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Circle, Loader2, Wand2, XCircle } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { FOLDER_MESSAGES, GUIDANCE_FOLDERS, QUICK_SETUP_PAUSE_MS, type QuickSetupItem } from "~/lib/folders";
import { buttonClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import { AdminDialog } from "../content/admin-dialog";
import { localMessage, quickSetupSummaryText } from "../content/messages";

/** The Quick Setup page: its action creates the folders (without JavaScript) or one of them (JSON, for the dialog). */
export const QUICK_SETUP_HREF = "/admin/folders/quick-setup";

export const PENDING_ITEMS: QuickSetupItem[] = GUIDANCE_FOLDERS.map((name) => ({ name, status: "pending" }));

const STATUS = {
  pending: { Icon: Circle, label: msg`Pending`, className: "text-slate-500" },
  creating: { Icon: Loader2, label: msg`Creating...`, className: "text-brand-700" },
  success: { Icon: CheckCircle2, label: msg`Success`, className: "text-green-700" },
  error: { Icon: XCircle, label: msg`Error`, className: "text-red-700" },
} as const;

/**
 * The eleven folders with their status: the dialog's list and the page's. The folders' names are
 * the spec's, stored as the folders' names, so they are shown as they are in every language.
 */
export function QuickSetupList({ items }: { items: readonly QuickSetupItem[] }) {
  const { t } = useLingui();
  return (
    <ol className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={t`Guidance folders`}>
      {items.map((item) => {
        const { Icon, label, className } = STATUS[item.status];
        return (
          <li key={item.name} data-status={item.status} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="font-medium">{item.name}</span>
            <span className={`flex items-center gap-1.5 ${className}`}>
              <Icon aria-hidden className={`h-4 w-4 ${item.status === "creating" ? "animate-spin motion-reduce:animate-none" : ""}`} />
              {t(label)}
              {item.status === "success" && item.existed ? (
                <span className="text-slate-600">
                  <Trans>(already existed)</Trans>
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One folder, through the page's JSON answer; any failure is that folder's error. */
async function createOne(name: string): Promise<QuickSetupItem> {
  try {
    const body = new FormData();
    body.set("name", name);
    const response = await fetch(QUICK_SETUP_HREF, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    const answer = (await response.json()) as { item?: QuickSetupItem };
    return response.ok && answer.item?.name === name ? answer.item : { name, status: "error" };
  } catch {
    return { name, status: "error" };
  }
}

/** Quick Setup: a dialog that creates the folders one at a time, 300 ms apart, with each one's status and a closing count. */
export function QuickSetupButton() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<QuickSetupItem[]>(PENDING_ITEMS);
  const [running, setRunning] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const runningRef = useRef(false);
  const { revalidate } = useRevalidator();
  const { i18n, t } = useLingui();
  const label = (
    <>
      <Wand2 aria-hidden className="h-4 w-4" />
      <Trans>Quick Setup</Trans>
    </>
  );
  if (!hydrated) {
    return (
      <a href={QUICK_SETUP_HREF} className={buttonClass.secondary}>
        {label}
      </a>
    );
  }

  async function run() {
    if (runningRef.current) return;
    runningRef.current = true;
    setRunning(true);
    setSummary(null);
    const results: QuickSetupItem[] = PENDING_ITEMS.map((i) => ({ ...i }));
    setItems(results.map((i) => ({ ...i })));
    for (const [index, item] of results.entries()) {
      if (index > 0) await sleep(QUICK_SETUP_PAUSE_MS);
      results[index] = { ...item, status: "creating" };
      setItems(results.map((i) => ({ ...i })));
      results[index] = await createOne(item.name);
      setItems(results.map((i) => ({ ...i })));
    }
    const closing = quickSetupSummaryText(results, i18n);
    setSummary(closing);
    const failed = localMessage(FOLDER_MESSAGES.guidanceFailed, i18n);
    if (results.some((i) => i.status === "error")) toast.error(t`Error`, { description: `${failed} (${closing})` });
    else toast.success(t`Guidance folders ready`, { description: closing });
    runningRef.current = false;
    setRunning(false);
    void revalidate();
  }

  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        // The run goes on if the dialog is closed; reopening shows where it is.
        setOpen(next);
        if (next && !runningRef.current && summary) {
          setItems(PENDING_ITEMS);
          setSummary(null);
        }
      }}
      wide
      title={t`Quick Setup`}
      description={t`Creates the eleven guidance folders. Folders that already exist are kept and count as a success.`}
      trigger={
        <button type="button" className={buttonClass.secondary}>
          {label}
        </button>
      }
    >
      <QuickSetupList items={items} />
      <p role="status" className="mt-3 min-h-5 text-sm font-semibold" data-testid="quick-setup-summary">
        {summary}
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
          <Trans>Close</Trans>
        </button>
        <button type="button" className={buttonClass.primary} disabled={running} onClick={() => void run()}>
          {running ? t`Creating folders...` : t`Create guidance folders`}
        </button>
      </div>
    </AdminDialog>
  );
}
