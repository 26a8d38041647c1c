/**
 * The service worker (app/service-worker/worker.ts, decision 0036), bundled on its own when the
 * app is built (react-router.config.ts), written as `sw.js` at the top of the browser files: its
 * scope is then the whole site, without a Service-Worker-Allowed header.
 *
 * The release's id is written into it: the hash of the build's fingerprinted file names. A new
 * release therefore changes the worker's bytes, the browser installs it, and its activation
 * deletes the caches of the old release, whose pages name /assets/ files the server has no more.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

export const WORKER_FILE = "sw.js";

/** The id of the build in `clientDir`: stable for the same files, new whenever one changes. */
export async function releaseId(clientDir: string): Promise<string> {
  const names = (await fs.readdir(path.join(clientDir, "assets"))).filter((name) => !/\.(?:br|gz)$/.test(name)).sort();
  return createHash("sha256").update(names.join("\n")).digest("base64url").slice(0, 12);
}

/** Writes `clientDir/sw.js`; returns the release id it carries. */
export async function buildWorker(clientDir: string, entry = path.resolve("app/service-worker/worker.ts")): Promise<string> {
  const id = await releaseId(clientDir);
  await build({
    entryPoints: [entry],
    outfile: path.join(clientDir, WORKER_FILE),
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    define: { BUILD_ID: JSON.stringify(id) },
    logLevel: "silent",
  });
  return id;
}
