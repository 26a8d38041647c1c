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
 * `Vary: Save-Data, Accept-Language` on every page and data request (`.data`): their answers
 * differ by the data saver (decision 0030) and by the language (decision 0031), so a browser or
 * proxy cache must not hand one made for a data saver, or for a reader of Somali, to another
 * visitor. (The anonymous page cache sets its own Vary, naming both too.) Files, thumbnails and
 * the JSON do not differ by them.
 */
const READER_HEADERS = ["Save-Data", "Accept-Language"];

export const varyOnReaderHeaders: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  // A page, or React Router's data (turbo-stream, text/x-script): middleware sees the address
  // without its `.data`, so the type tells them apart.
  if (!/^text\/(?:html|x-script)\b/.test(response.headers.get("Content-Type") ?? "")) return response;
  const vary = response.headers.get("Vary");
  if (vary === "*") return response;
  const named = new Set((vary ?? "").split(",").map((name) => name.trim().toLowerCase()));
  const missing = READER_HEADERS.filter((name) => !named.has(name.toLowerCase()));
  if (missing.length > 0) response.headers.set("Vary", [vary, ...missing].filter(Boolean).join(", "));
  return response;
};
