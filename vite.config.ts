import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { linguiMacros } from "./tooling/lingui-macros";

/** Native and heavy server packages: external to the server bundle, never bundled for the browser. */
const SERVER_PACKAGES = [
  "better-sqlite3",
  "pg",
  "@node-rs/argon2",
  "pino",
  "@aws-sdk/client-s3",
  "@aws-sdk/lib-storage",
  "pdf-lib",
  "sharp",
  "pdfjs-dist",
  "mammoth",
  "yauzl",
];

/**
 * The file-reading child process's entry (app/.server/extraction/child.ts), emitted by the server
 * build as build/server/extract-worker.js beside index.js: the child loads only the readers
 * (tens of milliseconds), not the whole server (seconds). See decision 0019.
 */
function extractionChild(): Plugin {
  return {
    name: "portal:extraction-child",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: fileURLToPath(new URL("./app/.server/extraction/child.ts", import.meta.url)),
        fileName: "extract-worker.js",
      });
    },
  };
}

/**
 * The browser's chunks that carry the languages (decision 0031) get names that say so: Lingui's
 * runtime `i18n-<hash>.js` (a chunk made only of its modules), each catalogue
 * `messages-<language>-<part>-<hash>.js` (app/locales/so/public.po: messages-so-public). The bundle
 * budget (bench/bundle-sizes.mjs, tests/e2e/page-weight.spec.ts) tells them apart from React's and
 * from the pages' code by these names. Only names: how the code is split is left to the bundler.
 */
const browserChunks = {
  chunkFileNames(chunk: { facadeModuleId: string | null; moduleIds: readonly string[] }) {
    const catalogue = /[\\/]app[\\/]locales[\\/]([\w-]+)[\\/](\w+)\.po$/.exec(chunk.facadeModuleId ?? "");
    if (catalogue) return `assets/messages-${catalogue[1]}-${catalogue[2]}-[hash].js`;
    const lingui = chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /[\\/]node_modules[\\/]@lingui[\\/]/.test(id));
    return lingui ? "assets/i18n-[hash].js" : "assets/[name]-[hash].js";
  },
};

// The server build's entry is our Express app (server/app.ts), so the HTTP
// layer, the CLI and the routes share one copy of every server module (one
// database pool, one event bus).
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    // The server bundle's chunks (the browser's lazy imports split it too) go beside index.js:
    // server/serve.ts finds build/client from import.meta.url, one folder up from its module.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts", output: { chunkFileNames: "[name]-[hash].js" } } : { output: browserChunks },
    target: "es2022",
  },
  ssr: { external: SERVER_PACKAGES },
  // The dev server's dependency scan also walks into .server modules (which the browser never
  // gets); it must not try to bundle their native packages for the browser.
  optimizeDeps: { exclude: SERVER_PACKAGES },
  // The catalogues (.po) compile when imported; a language that lacks a message fails the build.
  plugins: [
    linguiMacros(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
    reactRouter(),
    ...(isSsrBuild ? [extractionChild()] : []),
  ],
}));
