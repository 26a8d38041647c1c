import { useLingui } from "@lingui/react/macro";
import { LoaderCircle } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { DOWNLOAD_ERROR_MESSAGES, DOWNLOAD_NETWORK_FAILURE, httpFailure } from "~/lib/download-errors";
import { PageTexts } from "./page-texts";

/**
 * What the download and share buttons of a page that does not hydrate may say (decision 0038;
 * app/enhance/download.ts, share-link.ts), once per page whatever its number of cards: the texts
 * of their toasts, and the spinner a download shows while it is checked.
 */
export function WidgetTexts() {
  const { i18n, t } = useLingui();
  return (
    <>
      <PageTexts
        name="download"
        texts={{
          failed: t`Download failed`,
          started: t`Download started`,
          startedDescription: t`Your document is downloading`,
          network: i18n._(DOWNLOAD_NETWORK_FAILURE),
          notFound: i18n._(DOWNLOAD_ERROR_MESSAGES["not-found"]),
          fileMissing: i18n._(DOWNLOAD_ERROR_MESSAGES["file-missing"]),
          expired: i18n._(DOWNLOAD_ERROR_MESSAGES.expired),
          http: httpFailure("{status}", i18n),
        }}
      />
      <template data-download-spinner>
        <LineIcon name="loader-circle" icon={LoaderCircle} className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      </template>
      <PageTexts
        name="share-link"
        texts={{
          copied: t`Link copied`,
          copiedDescription: t`Document link copied to clipboard`,
          failed: t`Share failed`,
          failedDescription: t`Unable to copy link to clipboard`,
        }}
      />
    </>
  );
}
