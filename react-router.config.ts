import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { buildEnhancements } from "./server/build-enhancements";
import { buildWorker } from "./server/build-worker";
import { precompressFolder } from "./server/precompress";

export default {
  ssr: true,
  // Middleware and typed context (see ARCHITECTURE.md section 5).
  future: { v8_middleware: true },
  /**
   * Once both builds are written: the service worker (server/build-worker.ts), then brotli and gzip copies beside the browser files, which the
   * server sends as they are (server/built-assets.ts). Not a client-build plugin: the route
   * manifest (assets/manifest-*.js, read by every page) is written during the server build.
   */
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    // The enhancements of the pages that do not hydrate (decision 0038), before the service
    // worker, whose release id names every file of the build.
    const enhance = await buildEnhancements(clientDir);
    viteConfig.logger.info(`enhancements ${enhance.entry} written`);
    // The service worker next (decision 0036), so that it is precompressed with the rest.
    const release = await buildWorker(clientDir);
    viteConfig.logger.info(`service worker sw.js written for release ${release}`);
    const { files, bytes, brotliBytes } = await precompressFolder(clientDir);
    const kB = (n: number) => `${Math.round(n / 1024)} kB`;
    viteConfig.logger.info(`${files} browser files precompressed: ${kB(bytes)}, ${kB(brotliBytes)} with brotli`);
  },
} satisfies Config;
