/**
 * Card thumbnails: WebP about `thumbnailWidth` wide (never enlarged, at most twice as tall, the
 * top kept), transparency flattened onto white, quality lowered until the bytes fit the budget.
 * sharp is loaded on first use, so a child reading a text file never pays for it.
 */

import type { Sharp, SharpOptions } from "sharp";
import type { ExtractionLimits } from "./limits";
import type { Thumbnail } from "./result";

type ThumbnailLimits = Pick<ExtractionLimits, "thumbnailWidth" | "maxThumbnailBytes" | "maxImagePixels">;

let loaded: Awaited<typeof import("sharp")>["default"] | undefined;

async function sharpOf(input: Buffer, options: SharpOptions): Promise<Sharp> {
  if (!loaded) {
    loaded = (await import("sharp")).default;
    // One image at a time and no cache: the child reads one file and exits.
    loaded.concurrency(1);
    loaded.cache(false);
  }
  return loaded(input, options);
}

const QUALITIES = [75, 60, 45, 30, 20];

/** Resizes, flattens and encodes; smaller and smaller until it fits `maxThumbnailBytes`. */
async function encode(pipeline: Sharp, limits: ThumbnailLimits): Promise<Thumbnail> {
  // Decode and resize once; each attempt below only encodes these pixels again.
  const { data, info } = await pipeline
    .flatten({ background: "#ffffff" })
    .resize({ width: limits.thumbnailWidth, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let width = info.width;
  // A very tall page or picture (a long infographic) keeps its top, twice as tall as wide: rows
  // of raw pixels are contiguous, so that is a prefix of the buffer.
  let height = Math.min(info.height, width * 2);
  let pixels = data.subarray(0, width * height * info.channels);
  for (let shrink = 0; ; shrink++) {
    for (const quality of QUALITIES) {
      const bytes = await (await sharpOf(pixels, { raw: { width, height, channels: info.channels } })).webp({ quality }).toBuffer();
      if (bytes.length <= limits.maxThumbnailBytes || (shrink === 2 && quality === QUALITIES.at(-1)))
        return { bytes: new Uint8Array(bytes), width, height };
    }
    // Still too big at the lowest quality (a page of fine print or noise): three quarters the size.
    const smaller = await (await sharpOf(pixels, { raw: { width, height, channels: info.channels } }))
      .resize({ width: Math.max(1, Math.round(width * 0.75)) })
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels = smaller.data;
    width = smaller.info.width;
    height = smaller.info.height;
  }
}

/** A thumbnail of an encoded image (JPEG, PNG, WebP, GIF's first frame), upright from its EXIF orientation. */
export async function imageThumbnail(bytes: Uint8Array, limits: ThumbnailLimits): Promise<Thumbnail> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pipeline = (await sharpOf(input, { limitInputPixels: limits.maxImagePixels, failOn: "error" })).rotate();
  return encode(pipeline, limits);
}

/** A thumbnail of RGBA pixels (a rendered PDF page). */
export async function pixelsThumbnail(rgba: Uint8Array, width: number, height: number, limits: ThumbnailLimits): Promise<Thumbnail> {
  const input = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return encode(await sharpOf(input, { raw: { width, height, channels: 4 } }), limits);
}
