import path from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * The file-reading child is compiled with esbuild alone (child-script.ts, and the server build's
 * extract-worker.js), without the step that turns message macros into catalogue look-ups; a
 * macro import left in its code throws when the child starts, and every file then fails to be
 * read. So no module the child imports may use a macro: page texts live beside them
 * (lib/category-names.ts, lib/copy-messages.ts), not in them.
 */
describe("the file-reading child's modules", () => {
  it("import no message macro", async () => {
    const root = path.resolve(import.meta.dirname, "..", "..", "..");
    const result = await esbuild.build({
      entryPoints: [path.join(root, "app", ".server", "extraction", "child.ts")],
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      packages: "external",
      tsconfig: path.join(root, "tsconfig.json"),
      logLevel: "silent",
    });
    const inputs = Object.entries(result.metafile.inputs);
    // The walk reached the shared modules (so an empty answer means something).
    expect(inputs.map(([file]) => file)).toEqual(expect.arrayContaining(["app/lib/categories.ts", "app/lib/folders.ts"]));
    const withMacros = inputs.filter(([, input]) => input.imports.some((i) => /^@lingui\/.*macro/.test(i.path))).map(([file]) => file);
    expect(withMacros).toEqual([]);
  });
});
