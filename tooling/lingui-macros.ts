import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/** A module that uses Lingui's macros (`t`, `msg`, `plural`, `<Trans>`, `useLingui()`). */
const USES_MACROS = /from\s*["']@lingui\/(?:core|react)\/macro["']/;

/**
 * Lingui's macros turn `t\`Quick Links\`` into a message id and its values at build time (decision
 * 0031). React Router's Vite plugin compiles TypeScript with esbuild, which runs no Babel plugins,
 * so this step runs Lingui's Babel plugin first, and only on the modules that import a macro: the
 * others are not parsed twice. It leaves TypeScript and JSX as they are for the later steps.
 */
export function linguiMacros(): Plugin {
  return {
    name: "portal:lingui-macros",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes("/node_modules/") || !USES_MACROS.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith("x") ? ["typescript", "jsx"] : ["typescript"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
}
