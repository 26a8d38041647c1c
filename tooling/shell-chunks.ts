import type { ManualChunksOption } from "rollup";
import { isFrameworkPackage, isLanguageRuntime } from "./module-kinds";

/**
 * Fewer files before a page works. Left to itself the bundler gives every small module that
 * several routes share its own file, and a public page loaded 25–43 files, most under 1 KB
 * (helpers, an icon each): on a 400 ms link each costs a round trip, and over HTTP/1.1's six
 * connections they queue. The modules every page loads anyway go into one file each, so no page
 * loads a byte more than before:
 *
 * - `shell`: what the browser entry and the root route import (every page, public or admin); the
 *   bundler names the file after the entry it holds, `entry.client-<hash>.js`;
 * - `public-shell`: what the public layout imports besides (every public page; an admin page that
 *   needs one of its modules loads the whole file, a few KB on a staff member's link).
 *
 * Only the portal's own modules and Lucide's icon outlines; a route's own module stays its own
 * file, as React Router loads it by name. React, React DOM and React Router go into one file of
 * their own, `framework`, and Lingui's runtime into `i18n`: the bundler would otherwise move them
 * into the shell's file with the portal's code, and every release would make returning readers
 * fetch their 115 KB again. Which modules those are is tooling/module-kinds.ts's, as for the budget.
 */
const ENTRY = /\/app\/entry\.client\.tsx$/;
const ROOT = /\/app\/root\.tsx$/;
const PUBLIC_LAYOUT = /\/app\/routes\/public\/layout\.tsx$/;
const ROUTE_MODULE = /\/app\/(?:root\.tsx|routes\/)/;
const GROUPED = /\/app\/|\/node_modules\/lucide\/dist\/esm\/icons\//;
/**
 * lucide-react, which only admin pages load (public pages draw lucide's outlines without it,
 * ui/line-icon.tsx). Named here because the bundler moves a grouped module's dependencies into its
 * file unless they belong to another: the public sprite's module imports lucide-react for the
 * server's rendering, and the admin pages' icons would otherwise have come along into every
 * public page.
 */
const LUCIDE_REACT = /\/node_modules\/lucide-react\//;

type ModuleInfo = { importedIds: readonly string[] } | null;

/** The modules `starts` import, directly or not, without following dynamic imports (loaded later, if ever). */
function reachable(starts: string[], info: (id: string) => ModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/** Rollup's manualChunks for the browser build. */
export function shellChunks(): ManualChunksOption {
  let groups: { shell: Set<string>; publicShell: Set<string> } | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!groups) {
      const ids = [...getModuleIds()];
      const path = (m: string) => m.split("?")[0] ?? m;
      const shell = reachable(
        ids.filter((m) => ENTRY.test(path(m)) || ROOT.test(path(m))),
        getModuleInfo,
      );
      const publicShell = reachable(
        ids.filter((m) => PUBLIC_LAYOUT.test(path(m))),
        getModuleInfo,
      );
      groups = { shell, publicShell };
    }
    const file = id.split("?")[0] ?? id;
    if (LUCIDE_REACT.test(file)) return "lucide-react";
    if (isFrameworkPackage(file)) return "framework";
    if (isLanguageRuntime(file)) return "i18n";
    if (!GROUPED.test(file) || ROUTE_MODULE.test(file)) return undefined;
    if (groups.shell.has(id)) return "shell";
    if (groups.publicShell.has(id)) return "public-shell";
    return undefined;
  };
}
