import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { buttonClass } from "~/components/ui/styles";
import { FOLDER_ZIP_MAX_FILES, type FolderZipSummary } from "~/lib/folder-zip";
import { formatSizeMb } from "~/lib/format";

/**
 * "Download all" of a folder (decision 0033): a plain link to its ZIP, so it works without
 * JavaScript; the browser saves the file and stays on the page. Over the size limit it is a
 * disabled button with the reason beside it. A folder without published files shows nothing.
 */
export function DownloadAll({ href, offer, id }: { href: string; offer: FolderZipSummary; id: string }) {
  const { i18n } = useLingui();
  if (offer.files === 0) return null;
  const files = offer.files;
  const size = formatSizeMb(offer.bytes, i18n);
  const label = <Plural value={files} one={`Download all (# file, ${size})`} other={`Download all (# files, ${size})`} />;
  if (!offer.tooLarge) {
    return (
      <a href={href} download className={buttonClass.secondary}>
        {label}
      </a>
    );
  }
  const limit = formatSizeMb(offer.maxBytes, i18n);
  const most = FOLDER_ZIP_MAX_FILES;
  const reasonId = `${id}-reason`;
  return (
    <div className="flex flex-col gap-1">
      <button type="button" disabled aria-describedby={reasonId} className={buttonClass.secondary}>
        {label}
      </button>
      <p id={reasonId} className="max-w-xs text-sm text-slate-600">
        {files > most ? (
          <Trans>Too many files to download at once (at most {most}). Download the documents one by one.</Trans>
        ) : (
          <Trans>Too large to download at once (the limit is {limit}). Download the documents one by one.</Trans>
        )}
      </p>
    </div>
  );
}
