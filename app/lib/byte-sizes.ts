/**
 * A known size as the spec shows it (public-portal section 5); no words, so the same in every
 * language and usable by a page's enhancements. format.ts says "N/A" or "Unknown size" when there
 * is no size.
 */

/** Under 1 KB but not empty: "0 KB" would read as an empty file. */
const UNDER_ONE_KB = "< 1 KB";

/** Lists: rounded KB. An empty file is "0 KB"; anything smaller than 1 KB is "< 1 KB". */
export function sizeInKb(bytes: number): string {
  if (bytes > 0 && bytes < 1024) return UNDER_ONE_KB;
  return `${Math.round(bytes / 1024)} KB`;
}

/** Below this, two decimals of MB would read "0.00 MB", as if the file were empty. */
const SMALLEST_MB = 0.005 * 1024 * 1024;

/** Detail page: MB with 2 decimals; files too small for that in rounded KB. */
export function sizeInMb(bytes: number): string {
  if (bytes < SMALLEST_MB) return sizeInKb(bytes);
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
