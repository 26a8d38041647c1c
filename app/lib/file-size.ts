/**
 * A known size in words (public-portal section 5), without Lingui, so that a page's script can
 * write it (app/enhance/, decision 0038): the units are the same in every language. lib/format.ts
 * adds the words for an unknown size.
 */

/** Under 1 KB but not empty: "0 KB" would read as an empty file. */
const UNDER_ONE_KB = "< 1 KB";

/** Below this, two decimals of MB would read "0.00 MB", as if the file were empty. */
const SMALLEST_MB = 0.005 * 1024 * 1024;

/** Rounded KB. An empty file is "0 KB"; anything smaller than 1 KB is "< 1 KB". */
export function sizeInKb(bytes: number): string {
  if (bytes > 0 && bytes < 1024) return UNDER_ONE_KB;
  return `${Math.round(bytes / 1024)} KB`;
}

/** MB with 2 decimals; sizes too small for that in rounded KB (sizeInKb). */
export function sizeInMb(bytes: number): string {
  if (bytes < SMALLEST_MB) return sizeInKb(bytes);
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
