import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { iconImports } from "./tooling/icon-imports";
import { linguiMacros } from "./tooling/lingui-macros";
import { shellChunks } from "./tooling/shell-chunks";

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
 * How the browser's code is cut into files (tooling/shell-chunks.ts): what every page loads in a
 * few files, React's and Lingui's apart so that a release leaves them cached. Each catalogue is
 * named `messages-<language>-<part>-<hash>.js` (app/locales/so/public.po: messages-so-public), the
 * name by which the server finds the page's catalogue to preload (.server/i18n/catalogue-preloads.ts).
 */
const browserChunks = {
  manualChunks: shellChunks(),
  chunkFileNames(chunk: { facadeModuleId: string | null }) {
    const catalogue = /[\\/]app[\\/]locales[\\/]([\w-]+)[\\/](\w+)\.po$/.exec(chunk.facadeModuleId ?? "");
    return catalogue ? `assets/messages-${catalogue[1]}-${catalogue[2]}-[hash].js` : "assets/[name]-[hash].js";
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
    iconImports(),
    linguiMacros(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
    reactRouter(),
    ...(isSsrBuild ? [extractionChild()] : []),
  ],
}));
