import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressFolder } from "./server/precompress";

export default {
  ssr: true,
  // Middleware and typed context (see ARCHITECTURE.md section 5).
  future: { v8_middleware: true },
  /**
   * Once both builds are written: brotli and gzip copies beside the browser files, which the
   * server sends as they are (server/built-assets.ts). Not a client-build plugin: the route
   * manifest (assets/manifest-*.js, read by every page) is written during the server build.
   */
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const { files, bytes, brotliBytes } = await precompressFolder(path.join(reactRouterConfig.buildDirectory, "client"));
    const kB = (n: number) => `${Math.round(n / 1024)} kB`;
    viteConfig.logger.info(`${files} browser files precompressed: ${kB(bytes)}, ${kB(brotliBytes)} with brotli`);
  },
} satisfies Config;
