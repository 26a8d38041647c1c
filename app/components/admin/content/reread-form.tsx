import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { type FileReadingState, readingReason } from "~/lib/file-reading";
import { buttonClass } from "../../ui/styles";

/** The edit page's intent that queues the document's file to be read again. */
export const REREAD_INTENT = "reread-file";

const STATE_TEXT: Record<FileReadingState["status"], MessageDescriptor> = {
  queued: msg`The file's text is being read.`,
  done: msg`The file's text has been read: search finds its words, and readers can open it as text.`,
  failed: msg`The file's text could not be read. The file is still published and downloadable.`,
};

/**
 * How reading the document's file went, and a button to read it again (after a reader library
 * was improved, or a failure that may pass). A form of its own, so it works without JavaScript.
 */
export function RereadForm({ reading }: { reading: FileReadingState }) {
  const { i18n, t } = useLingui();
  const reason = reading.reason && readingReason(reading.reason, i18n);
  return (
    <section aria-labelledby="file-text-heading" className="mt-6 max-w-2xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="file-text-heading" className="text-lg font-semibold">
        <Trans>File text</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t(STATE_TEXT[reading.status])}
        {reason ? ` ${t`Reason: ${reason}.`}` : ""}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value={REREAD_INTENT} />
        <button type="submit" className={buttonClass.secondary} disabled={reading.status === "queued"}>
          <Trans>Read the file again</Trans>
        </button>
      </Form>
    </section>
  );
}
