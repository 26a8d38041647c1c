import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { toWebpThumbnail } from "./images";

const limits = { maxWidth: 800, maxInputPixels: 40_000_000 };

describe("toWebpThumbnail", () => {
  it("makes a WebP at most 800 px wide, keeping the aspect ratio, without the original's metadata", async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#0f766e" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "Field office camera", Artist: "Someone" } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const out = await toWebpThumbnail(jpeg, limits);
    if (!out.ok) throw new Error(out.message);
    expect({ width: out.width, height: out.height }).toEqual({ width: 800, height: 400 });
    const meta = await sharp(out.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it("never enlarges a small image", async () => {
    const png = await sharp({ create: { width: 120, height: 90, channels: 4, background: "#ffffff00" } })
      .png()
      .toBuffer();
    const out = await toWebpThumbnail(png, limits);
    expect(out).toMatchObject({ ok: true, width: 120, height: 90 });
  });

  it("refuses an image of more pixels than allowed, and bytes that only start like an image", async () => {
    const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await toWebpThumbnail(png, { maxWidth: 800, maxInputPixels: 200_000 })).toEqual({
      ok: false,
      message: THUMBNAIL_MESSAGES.tooManyPixels,
    });
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.from("and then nothing an image decoder can use")]);
    expect(await toWebpThumbnail(broken, limits)).toEqual({ ok: false, message: THUMBNAIL_MESSAGES.unreadable });
  });
});
