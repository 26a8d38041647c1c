/**
 * Dashboard thumbnails (decision 0011): which images staff may upload, how large, the messages,
 * and the address a thumbnail is served from. Pure, so the form, the server and tests share them.
 */
import { DOCUMENT_MESSAGES } from "./document-form";

/** Images only (the spec's jpeg, png and gif, plus WebP); checked by extension and by content. */
export const THUMBNAIL_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp"] as const;
/** A picture of a dashboard needs no more; anything larger is refused while it streams. */
export const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;
/** Stored width at most this (cards show it at most ~600 CSS px wide); smaller images are kept as they are. */
export const THUMBNAIL_MAX_WIDTH = 800;
/** Decoded pixels at most this, so a small file cannot expand into gigabytes (a decompression bomb). */
export const THUMBNAIL_MAX_INPUT_PIXELS = 40_000_000;

export const THUMBNAIL_FIELD = "thumbnail";
export const REMOVE_THUMBNAIL_FIELD = "remove_thumbnail";

/** The upload messages of the spec's style ("Title: description"). */
export const THUMBNAIL_MESSAGES = {
  invalidType: DOCUMENT_MESSAGES.invalidType,
  tooLarge: "File too large: Please select an image smaller than 5MB",
  tooManyPixels: "Image too large: Please select an image of at most 40 megapixels",
  unreadable: "Invalid image: The image could not be read; please choose another file",
} as const;

/** What the file input accepts (a hint for the browser; the server checks again). */
export const THUMBNAIL_ACCEPT = ".jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp";

export interface ThumbnailImage {
  src: string;
  width: number;
  height: number;
}

/**
 * The app route serving a dashboard's thumbnail; `v` changes with the file's content, so the
 * response can be cached for a year and a replaced image is fetched at its new address.
 */
export function thumbnailSrc(dashboardId: string, sha256: string): string {
  return `/api/dashboards/${encodeURIComponent(dashboardId)}/thumbnail?v=${thumbnailVersion(sha256)}`;
}

export function thumbnailVersion(sha256: string): string {
  return sha256.slice(0, 16);
}
