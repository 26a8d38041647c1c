/**
 * Where the child's entry is. In the production build it is `extract-worker.js`, emitted beside
 * the server bundle by vite.config.ts. From sources (tests, `npm run dev`) there is no JavaScript
 * to run yet: child.ts and its imports are bundled with esbuild (the compiler Vite itself uses)
 * into node_modules/.cache, where the child resolves packages like the rest of the project.
 */

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const BUILT_CHILD_FILE = "extract-worker.js";

let located: Promise<string> | undefined;

/** The script the child runs; found (or compiled) once per process. */
export function childScript(): Promise<string> {
  located ??= locate().catch((error) => {
    located = undefined; // a failed compile is retried by the next file
    throw error;
  });
  return located;
}

async function locate(): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  if (/\.[cm]?tsx?$/.test(here)) return compileFromSources(path.join(path.dirname(here), "child.ts"));
  // Bundled: this module is in build/server/index.js, or in a chunk one folder down.
  const dir = path.dirname(here);
  for (const candidate of [path.join(dir, BUILT_CHILD_FILE), path.join(dir, "..", BUILT_CHILD_FILE)])
    if (fs.existsSync(candidate)) return candidate;
  throw new Error(`the extraction child ${BUILT_CHILD_FILE} is missing beside ${dir}: rebuild the server`);
}

async function compileFromSources(entry: string): Promise<string> {
  const root = projectRoot(path.dirname(entry));
  const esbuild = await import("esbuild");
  const output = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages stay imports, resolved from node_modules at run time, as in the server build.
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "silent",
  });
  const code = output.outputFiles[0]!.contents;
  const dir = path.join(root, "node_modules", ".cache", "portal-extraction");
  // Named by content: unchanged sources reuse the file, concurrent test processes agree on it.
  const file = path.join(dir, `child-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, code);
    fs.renameSync(temp, file);
  }
  return file;
}

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "node_modules"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no project root above ${from}`);
  }
}
