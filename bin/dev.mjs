#!/usr/bin/env node
// @ts-check
/**
 * `npm run dev`: a development server with hot reload. Vite runs in middleware mode inside the
 * portal's own HTTP server (its hot-reload socket shares the port, so the production security
 * headers need no exception), and loads server/dev.ts, which serves the same Express app as
 * `npm start`. Configuration is the same environment as production (.env.example).
 */
import { createServer as createHttpServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.NODE_ENV ??= "development";

// The database and uploads change on every request; they are not sources to watch.
const dataDir = path.resolve(root, process.env.DATA_DIR || "data");

const server = createHttpServer();
const vite = await createServer({
  root,
  appType: "custom",
  server: { middlewareMode: true, hmr: { server }, watch: { ignored: [`${dataDir}/**`, `${path.join(root, "build")}/**`] } },
});
try {
  const { serveDev } = await vite.ssrLoadModule("/server/dev.ts");
  process.exitCode = await serveDev(vite, server);
} catch (error) {
  await vite.close();
  // A start-up failure the operator can fix (server/serve.ts) is one line, as with `portal serve`.
  if (!(error instanceof Error && error.name === "StartupError")) throw error;
  console.error(`portal: ${error.message}`);
  process.exitCode = 1;
}
