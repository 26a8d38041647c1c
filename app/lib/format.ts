/** Display formats of the spec (public-portal section 5), in the page's language (decision 0031). */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { sizeInKb, sizeInMb } from "./byte-sizes";

/**
 * The months by name. Not from `Intl`: Node knows Somali's month names, but the Chromium our
 * readers use does not (it answers in English), so a date written by the server would change when
 * the page hydrates. The catalogues hold them, like every other word.
 */
const MONTHS = [
  msg`January`,
  msg`February`,
  msg`March`,
  msg`April`,
  msg`May`,
  msg`June`,
  msg`July`,
  msg`August`,
  msg`September`,
  msg`October`,
  msg`November`,
  msg`December`,
];

/** "March 5, 2026" in English (the spec's long US format), in UTC so server and browser agree. */
export function formatLongDate(isoDate: string, i18n: I18n): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return i18n._(msg`Invalid Date`);
  const month = i18n._(MONTHS[date.getUTCMonth()]!);
  const day = date.getUTCDate();
  const year = date.getUTCFullYear();
  return i18n._(msg`${month} ${day}, ${year}`);
}

/** Lists: rounded KB, or "N/A" without a size (byte-sizes.ts). */
export function formatSizeKb(bytes: number | null | undefined, i18n: I18n): string {
  if (bytes === null || bytes === undefined) return i18n._(msg`N/A`);
  return sizeInKb(bytes);
}

/** Detail page: MB with 2 decimals, or "Unknown size" without a size (byte-sizes.ts). */
export function formatSizeMb(bytes: number | null | undefined, i18n: I18n): string {
  if (bytes === null || bytes === undefined) return i18n._(msg`Unknown size`);
  return sizeInMb(bytes);
}

/** The general formatter: B/KB/MB/GB with 2 decimals (so under 1 KB it shows exact bytes, never "0.00 KB"). */
export function formatBytes(bytes: number | null | undefined, i18n: I18n): string {
  if (bytes === null || bytes === undefined) return i18n._(msg`N/A`);
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
