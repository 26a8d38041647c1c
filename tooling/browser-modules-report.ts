import fs from "node:fs";
import path from "node:path";
import { transform } from "esbuild";
import type { Plugin } from "vite";
import { type ModuleKind, moduleKind } from "./module-kinds";

/** Where the report goes: beside build/client, never among the files the server sends. */
const BROWSER_MODULES_REPORT = "browser-modules.json";

/**
 * What each browser chunk is made of: `build/browser-modules.json` lists, per file
 * (`assets/x-<hash>.js`), its modules, the kind of each (module-kinds.ts) and its bytes once minified (as the build minifies
 * the whole file: React's own code is already terse, the portal's is not, so the lengths before
 * minifying would over-weigh some modules). The bundle budget (bench/bundle-sizes.mjs, tests/e2e/page-weight.spec.ts) weighs
 * React's share, the languages' and the pages' own code by module, so it holds however the
 * bundler groups them: merging small chunks into React's entry (fewer round trips on a thin link)
 * moves bytes between files, not between shares. Module ids are relative to the project
 * (`node_modules/react-dom/...`, `app/root.tsx`).
 */
export function browserModulesReport(root: string): Plugin {
  return {
    name: "portal:browser-modules-report",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const report: Record<string, Array<[string, number, ModuleKind]>> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        report[file] = await Promise.all(
          Object.entries(output.modules).map(async ([id, module]): Promise<[string, number, ModuleKind]> => {
            const name = moduleName(root, id);
            return [name, await minifiedLength(module.code), moduleKind(name)];
          }),
        );
      }
      fs.writeFileSync(path.join(options.dir, "..", BROWSER_MODULES_REPORT), `${JSON.stringify(report, null, 1)}\n`);
    },
  };
}

/** The length of a module's code in the chunk once minified (0 when the bundler left none of it). */
async function minifiedLength(code: string | null): Promise<number> {
  if (!code) return 0;
  try {
    return (await transform(code, { minify: true, format: "esm", target: "es2022" })).code.length;
  } catch {
    return code.length; // a fragment esbuild cannot read alone: weighed as it is
  }
}

/** A module's id as a path inside the project, without Vite's query and virtual-module prefix. */
function moduleName(root: string, id: string): string {
  const file = id.replace(/^\0/, "").split("?")[0] ?? id;
  return path.isAbsolute(file) ? path.relative(root, file).split(path.sep).join("/") : file;
}
