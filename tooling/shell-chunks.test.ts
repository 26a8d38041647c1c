import type { GetManualChunk, ManualChunkMeta } from "rollup";
import { describe, expect, it } from "vitest";
import { shellChunks } from "./shell-chunks";

/** A module graph: each module and what it imports statically (dynamic imports are not listed). */
const GRAPH: Record<string, string[]> = {
  "/p/app/entry.client.tsx": ["/p/node_modules/react-dom/client.js", "/p/app/lib/typed-before-hydration.ts"],
  "/p/app/root.tsx?route": ["/p/app/root.tsx"],
  "/p/app/root.tsx": ["/p/app/components/ui/styles.ts", "/p/node_modules/react/index.js"],
  "/p/app/routes/public/layout.tsx?route": ["/p/app/routes/public/layout.tsx"],
  "/p/app/routes/public/layout.tsx": ["/p/app/components/layout/public-header.tsx", "/p/app/components/ui/icon-sprite.tsx"],
  "/p/app/components/layout/public-header.tsx": ["/p/node_modules/lucide/dist/esm/icons/menu.mjs", "/p/app/components/ui/styles.ts"],
  "/p/app/components/ui/icon-sprite.tsx": ["/p/node_modules/lucide-react/dist/esm/lucide-react.mjs"],
  "/p/app/routes/public/reports.tsx": ["/p/app/components/documents/facet-panel.tsx"],
  "/p/app/components/documents/facet-panel.tsx": ["/p/node_modules/lucide/dist/esm/icons/sliders-horizontal.mjs"],
};

function chunkOf(id: string): ReturnType<GetManualChunk> {
  const meta = {
    getModuleIds: () => Object.keys(GRAPH)[Symbol.iterator](),
    getModuleInfo: (m: string) => ({ importedIds: GRAPH[m] ?? [] }),
  } as unknown as ManualChunkMeta;
  return (shellChunks() as GetManualChunk)(id, meta);
}

describe("shellChunks", () => {
  it("puts what the entry and the root import into one file, what the public layout adds into another", () => {
    expect(chunkOf("/p/app/lib/typed-before-hydration.ts")).toBe("shell");
    expect(chunkOf("/p/app/components/ui/styles.ts")).toBe("shell");
    expect(chunkOf("/p/app/components/layout/public-header.tsx")).toBe("public-shell");
    expect(chunkOf("/p/node_modules/lucide/dist/esm/icons/menu.mjs")).toBe("public-shell");
  });

  it("gives React and Lingui files of their own, which a release of the portal leaves as it was", () => {
    expect(chunkOf("/p/node_modules/react/index.js")).toBe("framework");
    expect(chunkOf("/p/node_modules/react-dom/client.js")).toBe("framework");
    expect(chunkOf("/p/node_modules/@lingui/core/dist/index.mjs")).toBe("i18n");
  });

  it("leaves route modules and what only some pages import to the bundler", () => {
    expect(chunkOf("/p/app/root.tsx")).toBeUndefined();
    expect(chunkOf("/p/app/routes/public/layout.tsx")).toBeUndefined();
    expect(chunkOf("/p/app/components/documents/facet-panel.tsx")).toBeUndefined();
    expect(chunkOf("/p/node_modules/lucide/dist/esm/icons/sliders-horizontal.mjs")).toBeUndefined();
  });

  it("keeps lucide-react apart, so the admin pages' icons never come along into the public pages' file", () => {
    expect(chunkOf("/p/node_modules/lucide-react/dist/esm/lucide-react.mjs")).toBe("lucide-react");
    expect(chunkOf("/p/node_modules/lucide-react/dist/esm/icons/trash.mjs")).toBe("lucide-react");
  });
});
