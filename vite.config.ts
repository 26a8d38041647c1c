import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server build's entry is our Express app (server/app.ts), so the HTTP
// layer, the CLI and the routes share one copy of every server module (one
// database pool, one event bus).
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    // Native and heavy server packages stay external to the server bundle.
    target: "es2022",
  },
  ssr: {
    external: ["better-sqlite3", "pg", "@node-rs/argon2", "pino", "@aws-sdk/client-s3", "@aws-sdk/lib-storage", "pdf-lib", "sharp"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
