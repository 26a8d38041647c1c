/**
 * The enhancements of the pages that do not hydrate (app/enhance/main.ts, decision 0038), bundled
 * on their own when the app is built (react-router.config.ts), as the service worker is: a small
 * module graph of the portal's own code that shares nothing with React Router's browser build.
 * Written as `assets/enhance-<hash>.js` (and `assets/enhance-parts/` for the lazily loaded parts), fingerprinted and
 * precompressed like every other browser file. The server finds the entry by that name
 * (app/.server/http/enhance-script.ts). Which files it is made of goes to `build/enhance.json`,
 * for the bundle bench (bench/bundle-sizes.mjs).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

export interface EnhanceFiles {
  /** `/assets/enhance-<hash>.js` */
  entry: string;
  /** What the entry imports before it runs (`/assets/...`); lazily loaded parts are not in it. */
  imports: string[];
  /** The source modules bundled into those files (paths from the project's folder), for the budget's check that no framework came in. */
  modules: string[];
  /** Of each of those modules, the bytes it adds to the minified files (esbuild's `bytesInOutput`), for the bundle bench. */
  moduleBytes: Record<string, number>;
}

export async function buildEnhancements(
  clientDir: string,
  entry = path.resolve("app/enhance/main.ts"),
  reportFile = path.join(clientDir, "..", "enhance.json"),
): Promise<EnhanceFiles> {
  const result = await build({
    entryPoints: { enhance: entry },
    outdir: path.join(clientDir, "assets"),
    entryNames: "[name]-[hash]",
    // Lazily loaded parts in a folder of their own: the server knows the entry as the one `enhance-*.js`.
    chunkNames: "enhance-parts/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    target: "es2022",
    minify: true,
    legalComments: "none",
    metafile: true,
    define: { "import.meta.env.PROD": "true", "import.meta.env.DEV": "false" },
    logLevel: "silent",
  });
  const address = (file: string) => `/${path.relative(clientDir, path.resolve(file)).split(path.sep).join("/")}`;
  const outputs = Object.entries(result.metafile.outputs);
  const [entryFile, entryOutput] = outputs.find(([, output]) => output.entryPoint !== undefined) ?? [];
  if (!entryFile || !entryOutput) throw new Error("the enhancements' build wrote no entry");
  const imports = entryOutput.imports.filter((i) => i.kind === "import-statement").map((i) => i.path);
  const moduleBytes: Record<string, number> = {};
  for (const file of [entryFile, ...imports]) {
    for (const [module, { bytesInOutput }] of Object.entries(result.metafile.outputs[file]?.inputs ?? {}))
      moduleBytes[module] = (moduleBytes[module] ?? 0) + bytesInOutput;
  }
  const files: EnhanceFiles = {
    entry: address(entryFile),
    imports: imports.map(address),
    modules: Object.keys(moduleBytes).sort(),
    moduleBytes,
  };
  await fs.writeFile(reportFile, `${JSON.stringify(files, null, 2)}\n`);
  return files;
}
