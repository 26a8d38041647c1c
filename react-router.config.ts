import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Middleware and typed context (see ARCHITECTURE.md section 5).
  future: { v8_middleware: true },
} satisfies Config;
