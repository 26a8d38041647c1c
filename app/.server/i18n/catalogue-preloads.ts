import { catalogueParts } from "~/lib/i18n/catalogue-parts";
import { isPageLanguage, type PageLanguage } from "~/lib/i18n/languages";

/**
 * The reader's messages with the page's other modules. The browser loads its language's
 * catalogue before it hydrates (lib/i18n/client-catalogues.ts), by a dynamic import the entry
 * makes when it runs: asked for only then, it cost one more round trip after every other module
 * had arrived (400 ms on the links the portal is built for). Named with the page's module preloads
 * (http/scripts-after-content.ts), it arrives in the same wave.
 *
 * The production server names the files it serves (server/serve.ts): the build calls each
 * catalogue `messages-<language>-<part>-<hash>.js` (vite.config.ts). The development server and
 * the tests name none: Vite serves the catalogues itself, and pages then preload none.
 */

const CATALOGUE = /^\/assets\/messages-(.+?)-(public|admin)-[\w-]+\.js$/;

/** "en/public" → its address in the build this process serves. */
const files = new Map<string, string>();

/** The browser files of the build this process serves, by their addresses (`/assets/...`). */
export function knowBrowserFiles(addresses: Iterable<string>): void {
  files.clear();
  for (const address of addresses) {
    const match = CATALOGUE.exec(address);
    if (match && isPageLanguage(match[1])) files.set(`${match[1]}/${match[2]}`, address);
  }
}

/** The catalogues a page at `pathname` loads in `language`: the public one, and the admin one on admin pages. */
export function catalogueFiles(language: PageLanguage, pathname: string): string[] {
  return catalogueParts(pathname).flatMap((part) => files.get(`${language}/${part}`) ?? []);
}
