/** Display formats of the spec (public-portal section 5). */

/** One formatter for every card: building one per call was 8-15% of a list page's CPU. */
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "March 5, 2026" (long US format), in UTC so server and browser agree. */
export function formatLongDate(isoDate: string): string {
  const date = new Date(isoDate);
  // format() throws on an invalid date where toLocaleDateString answered "Invalid Date".
  return Number.isNaN(date.getTime()) ? "Invalid Date" : LONG_DATE.format(date);
}

/** Lists: rounded KB, or "N/A" without a size. */
export function formatSizeKb(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "N/A";
  return `${Math.round(bytes / 1024)} KB`;
}

/** Detail page: MB with 2 decimals. */
export function formatSizeMb(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "Unknown size";
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The general formatter: B/KB/MB/GB with 2 decimals. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "N/A";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}
