import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_THUMBNAIL_BYTES, THUMBNAIL_EXTENSIONS, THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { parseImageForm } from "./image-form";

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();

function multipart(parts: Record<string, string | { name: string; bytes: Uint8Array }>): Request {
  const form = new FormData();
  for (const [field, value] of Object.entries(parts)) {
    if (typeof value === "string") form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value.bytes)]), value.name);
  }
  return new Request("http://portal.test/admin/dashboards/new", { method: "POST", body: form });
}

const options = { field: "thumbnail", allowedExtensions: THUMBNAIL_EXTENSIONS, maxBytes: MAX_THUMBNAIL_BYTES };

describe("parseImageForm", () => {
  it("reads the text fields and the image, checked by extension and content", async () => {
    const bytes = await png();
    const parsed = await parseImageForm(multipart({ title: "Arrivals", thumbnail: { name: "Screen Shot.PNG", bytes } }), options);
    expect(parsed.form.get("title")).toBe("Arrivals");
    expect(parsed.rejected).toBeNull();
    expect(parsed.image).toMatchObject({ ext: "png", originalName: "Screen Shot.PNG" });
    expect(Buffer.compare(parsed.image!.bytes, bytes)).toBe(0);
  });

  it("treats an empty file input as no image", async () => {
    const parsed = await parseImageForm(multipart({ title: "x", thumbnail: { name: "", bytes: new Uint8Array() } }), options);
    expect(parsed).toMatchObject({ image: null, rejected: null });
  });

  it("refuses a .png that is really text, a type not on the list, and an image past the size limit", async () => {
    const disguised = await parseImageForm(
      multipart({ title: "x", thumbnail: { name: "chart.png", bytes: new TextEncoder().encode("just text, not an image") } }),
      options,
    );
    expect(disguised).toMatchObject({ image: null, rejected: THUMBNAIL_MESSAGES.invalidType });
    const svg = await parseImageForm(multipart({ thumbnail: { name: "chart.svg", bytes: new TextEncoder().encode("<svg/>") } }), options);
    expect(svg).toMatchObject({ image: null, rejected: THUMBNAIL_MESSAGES.invalidType });
    const big = Buffer.concat([await png(), Buffer.alloc(MAX_THUMBNAIL_BYTES)]);
    const tooLarge = await parseImageForm(multipart({ title: "y", thumbnail: { name: "big.png", bytes: big } }), options);
    expect(tooLarge).toMatchObject({ image: null, rejected: THUMBNAIL_MESSAGES.tooLarge });
    // The rest of the form is still read, so the page can show it again.
    expect(tooLarge.form.get("title")).toBe("y");
  });

  it("accepts exactly the size limit", async () => {
    const head = await png();
    const exact = Buffer.concat([head, Buffer.alloc(MAX_THUMBNAIL_BYTES - head.length)]);
    const parsed = await parseImageForm(multipart({ thumbnail: { name: "exact.png", bytes: exact } }), options);
    expect(parsed.rejected).toBeNull();
    expect(parsed.image?.bytes.length).toBe(MAX_THUMBNAIL_BYTES);
  });

  it("reads a form without a file (urlencoded) as fields only", async () => {
    const request = new Request("http://portal.test/x", { method: "POST", body: new URLSearchParams({ title: "Plain", is_public: "on" }) });
    const parsed = await parseImageForm(request, options);
    expect(parsed).toMatchObject({ image: null, rejected: null });
    expect(parsed.form.get("title")).toBe("Plain");
  });
});
