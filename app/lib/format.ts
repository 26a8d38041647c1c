/** Display formats of the spec (public-portal section 5). */

/** One formatter for every card: building one per call was 8-15% of a list page's CPU. */
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "March 5, 2026" (long US format), in UTC so server and browser agree. */
export function formatLongDate(isoDate: string): string {
  const date = new Date(isoDate);
  // format() throws on an invalid date where toLocaleDateString answered "Invalid Date".
  return Number.isNaN(date.getTime()) ? "Invalid Date" : LONG_DATE.format(date);
}

/** Under 1 KB but not empty: "0 KB" would read as an empty file. */
const UNDER_ONE_KB = "< 1 KB";

/** Lists: rounded KB, or "N/A" without a size. An empty file is "0 KB"; anything smaller than 1 KB is "< 1 KB". */
export function formatSizeKb(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "N/A";
  if (bytes > 0 && bytes < 1024) return UNDER_ONE_KB;
  return `${Math.round(bytes / 1024)} KB`;
}

/** Below this, two decimals of MB would read "0.00 MB", as if the file were empty. */
const SMALLEST_MB = 0.005 * 1024 * 1024;

/** Detail page: MB with 2 decimals; files too small for that in rounded KB (formatSizeKb). */
export function formatSizeMb(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "Unknown size";
  if (bytes < SMALLEST_MB) return formatSizeKb(bytes);
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The general formatter: B/KB/MB/GB with 2 decimals (so under 1 KB it shows exact bytes, never "0.00 KB"). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "N/A";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  // Compare what will be shown: 1048575 bytes is "1.00 MB", not "1024.00 KB".
  while (Number(value.toFixed(2)) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}
