/**
 * The address of the enhancements' entry (app/enhance/main.ts, decision 0038) in the build this
 * process serves. The build names it `assets/enhance-<hash>.js` (server/build-enhancements.ts);
 * the production server learns it from its browser files at start (server/serve.ts). The
 * development server and the tests serve the source through Vite.
 */

const ENTRY = /^\/assets\/enhance-[\w-]+\.js$/;
export const ENHANCE_SOURCE = "/app/enhance/main.ts";

let entry: string | null = null;

/** The browser files of the build this process serves, by their addresses (`/assets/...`). */
export function knowEnhanceScript(addresses: Iterable<string>): void {
  entry = null;
  for (const address of addresses) if (ENTRY.test(address)) entry = address;
}

export function enhanceScriptUrl(): string {
  return entry ?? ENHANCE_SOURCE;
}
