import { describe, expect, it } from "vitest";
import { isFrameworkPackage, isLanguageRuntime, moduleKind } from "./module-kinds";

describe("moduleKind", () => {
  it("counts React, React Router and the bundler's glue as React's share, by relative or absolute id", () => {
    expect(moduleKind("node_modules/react-dom/cjs/react-dom-client.production.js")).toBe("framework");
    expect(moduleKind("/p/node_modules/react-router/dist/development/index.mjs")).toBe("framework");
    expect(moduleKind("node_modules/scheduler/index.js")).toBe("framework");
    expect(moduleKind("vite/preload-helper.js")).toBe("framework");
    expect(moduleKind("\0commonjsHelpers.js")).toBe("framework");
    // A package whose name merely starts with React's is not React.
    expect(moduleKind("node_modules/react-remove-scroll/dist/es2015/index.js")).toBe("own");
  });

  it("counts Lingui and the catalogues as the languages', the rest as the pages' own", () => {
    expect(moduleKind("node_modules/@lingui/react/dist/index.mjs")).toBe("i18n");
    expect(moduleKind("app/locales/so/public.po")).toBe("i18n");
    expect(moduleKind("app/components/documents/facet-panel.tsx")).toBe("own");
    expect(moduleKind("node_modules/@radix-ui/react-dialog/dist/index.mjs")).toBe("own");
  });

  it("tells the packages the build keeps in files of their own", () => {
    expect(isFrameworkPackage("/p/node_modules/react/index.js")).toBe(true);
    expect(isFrameworkPackage("vite/preload-helper.js")).toBe(false);
    expect(isLanguageRuntime("/p/node_modules/@lingui/core/dist/index.mjs")).toBe(true);
    expect(isLanguageRuntime("/p/app/locales/en/public.po")).toBe(false);
  });
});
