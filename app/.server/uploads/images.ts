import sharp from "sharp";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";

// One image at a time, and no cache of decoded images: thumbnails are rare, and the process must
// keep its memory and both cores for the pages (ARCHITECTURE.md, LIBRARIES.md "Thumbnails").
sharp.concurrency(1);
sharp.cache(false);

export type WebpThumbnail = { ok: true; bytes: Buffer; width: number; height: number } | { ok: false; message: string };

/**
 * Re-encodes an uploaded image as a WebP at most `maxWidth` wide (never enlarged), turned upright
 * from its EXIF orientation. Nothing of the original survives but pixels: sharp writes no EXIF,
 * XMP or ICC data unless asked, so camera, place and author details are dropped. Only the first
 * frame of an animation is kept. Images of more than `maxInputPixels` are refused before decoding.
 */
export async function toWebpThumbnail(input: Buffer, limits: { maxWidth: number; maxInputPixels: number }): Promise<WebpThumbnail> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: limits.maxInputPixels })
      .rotate()
      .resize({ width: limits.maxWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, width: info.width, height: info.height };
  } catch (error) {
    const reason = error instanceof Error ? error.message : "";
    return { ok: false, message: /pixel limit/i.test(reason) ? THUMBNAIL_MESSAGES.tooManyPixels : THUMBNAIL_MESSAGES.unreadable };
  }
}
