/** What every Office file may carry besides its text: a page or slide count, and a thumbnail picture. */

import type { ExtractionLimits } from "./limits";
import type { Thumbnail } from "./result";
import { imageThumbnail } from "./thumbnail";
import type { ZipArchive } from "./zip";

/** `<Pages>` (Word) or `<Slides>` (PowerPoint) of `docProps/app.xml`, as the application last saved it. */
export async function declaredCount(zip: ZipArchive, tag: "Pages" | "Slides"): Promise<number | null> {
  const app = await zip.readText("docProps/app.xml");
  const value = app ? new RegExp(`<${tag}>\\s*(\\d{1,7})\\s*</${tag}>`).exec(app)?.[1] : undefined;
  return value === undefined ? null : Number(value);
}

/**
 * The picture Office saves when asked to ("Save thumbnail"; always for files from some
 * producers), re-encoded like every thumbnail. Windows metafiles (.emf, .wmf) are not read.
 */
export async function officeThumbnail(zip: ZipArchive, limits: ExtractionLimits): Promise<Thumbnail | null> {
  const name = zip.names().find((n) => /^docProps\/thumbnail\.(jpe?g|png)$/i.test(n));
  return name ? imageThumbnail(await zip.read(name), limits) : null;
}
