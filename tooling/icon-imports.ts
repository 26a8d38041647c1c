import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** `import { X, Menu as MenuIcon, type IconNode } from "lucide";` in the portal's code. */
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide["'];?/g;
/** A line of lucide's index: `export { default as BarChart3, default as ChartColumn } from './icons/chart-column.mjs';` */
const INDEX_LINE = /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs';/g;

/** lucide's exported names → the file of each icon (`X` → `lucide/dist/esm/icons/x.mjs`). */
function lucideIconFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const index = path.join(path.dirname(require.resolve("lucide/package.json")), "dist", "esm", "lucide.mjs");
  const files = new Map<string, string>();
  for (const [, names, icon] of fs.readFileSync(index, "utf8").matchAll(INDEX_LINE)) {
    for (const name of names!.split(",")) {
      const exported = /default\s+as\s+(\w+)/.exec(name)?.[1];
      if (exported) files.set(exported, `lucide/dist/esm/icons/${icon}.mjs`);
    }
  }
  return files;
}

/**
 * Each of lucide's icons imported from its own file: `import { X } from "lucide"` becomes
 * `import X from "lucide/dist/esm/icons/x.mjs"` in the build. Through lucide's index every one of
 * its 1,900 icons is a dependency of whatever imports one, and the browser build's grouping of the
 * modules every page loads (tooling/shell-chunks.ts) would take every icon some page uses into
 * the file every page loads. Names that are not icons, and types, stay imported from the index.
 */
export function iconImports(): Plugin {
  let files: Map<string, string> | null = null;
  return {
    name: "portal:icon-imports",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (file.includes("/node_modules/") || !/\.[cm]?[jt]sx?$/.test(file) || !code.includes("lucide")) return null;
      files ??= lucideIconFiles();
      const icons = files;
      let changed = false;
      const result = code.replace(BARREL_IMPORT, (statement, list: string) => {
        const rest: string[] = [];
        const direct: string[] = [];
        for (const raw of list.split(",")) {
          const specifier = raw.trim();
          if (specifier === "") continue;
          const [imported, local] = specifier.split(/\s+as\s+/);
          const iconFile = specifier.startsWith("type ") ? undefined : icons.get(imported!.trim());
          if (iconFile) direct.push(`import ${(local ?? imported)!.trim()} from "${iconFile}";`);
          else rest.push(specifier);
        }
        if (direct.length === 0) return statement;
        changed = true;
        return [...(rest.length > 0 ? [`import { ${rest.join(", ")} } from "lucide";`] : []), ...direct].join(" ");
      });
      return changed ? { code: result, map: null } : null;
    },
  };
}
