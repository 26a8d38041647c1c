import type { MiddlewareFunction } from "react-router";
import { DATA_SAVER_COOKIE, isDataSaverOn } from "~/lib/data-saver";
import { readCookie } from "./cookies";

/**
 * Data-saver mode on the server (decision 0030): decided once per request, from the `Save-Data`
 * header and the switch's cookie, by the public layout's loader (and the maintenance gate, whose
 * page has no loader); every component reads that one value.
 */
export function dataSaverOf(request: Request): boolean {
  return isDataSaverOn({ saveData: request.headers.get("Save-Data"), cookie: readCookie(request, DATA_SAVER_COOKIE) });
}

/**
 * `Vary: Save-Data` on every page and data request (`.data`): their answers differ by it, so a
 * browser or proxy cache must not hand one made for a data saver to another visitor, or the
 * reverse. (The anonymous page cache sets its own Vary, naming Save-Data too.) Files, thumbnails
 * and the JSON do not differ by it.
 */
export const varyOnSaveData: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  // A page, or React Router's data (turbo-stream, text/x-script): middleware sees the address
  // without its `.data`, so the type tells them apart.
  if (!/^text\/(?:html|x-script)\b/.test(response.headers.get("Content-Type") ?? "")) return response;
  const vary = response.headers.get("Vary");
  if (vary === "*" || /(?:^|,)\s*save-data\s*(?:,|$)/i.test(vary ?? "")) return response;
  response.headers.set("Vary", vary ? `${vary}, Save-Data` : "Save-Data");
  return response;
};
