/**
 * `npm run dev`: the same Express app as production (headers, health, routes), with Vite in
 * middleware mode compiling sources on request and pushing changes to the browser. Loaded by
 * bin/dev.mjs through Vite itself, so this file, the routes and every server module share one
 * module graph (one database pool, one event bus) and pick up edits without a restart.
 */
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { serve } from "./serve";

export function serveDev(vite: ViteDevServer, server: Server): Promise<number> {
  return serve({
    server,
    source: {
      mode: "development",
      // Loaded on every request: Vite answers from its cache until a source changes.
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      assets: vite.middlewares,
    },
    onStop: () => vite.close(),
  });
}
