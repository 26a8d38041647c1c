import { describe, expect, it } from "vitest";
import enhancedPages from "./enhanced-pages.json";
import { pageHydrates } from "./page-scripts";

describe("pageHydrates (decision 0038)", () => {
  it("is false when any matched route is an enhanced page, whatever its place among the matches", () => {
    expect(pageHydrates(["root", "routes/public/layout", "routes/public/about"])).toBe(false);
    expect(pageHydrates(["root", "routes/public/home", "routes/public/layout"])).toBe(false);
  });

  it("is true for the admin portal's pages", () => {
    expect(pageHydrates(["root", "routes/admin/layout", "routes/admin/documents"])).toBe(true);
    expect(pageHydrates(["root", "routes/admin/login"])).toBe(true);
  });

  it("names only routes that exist", async () => {
    const { default: routes } = await import("../routes");
    const ids = new Set<string>();
    const walk = (list: Array<{ id?: string; file: string; children?: unknown[] }>) => {
      for (const route of list) {
        ids.add(route.id ?? route.file.replace(/\.tsx?$/, ""));
        if (route.children) walk(route.children as typeof list);
      }
    };
    walk(routes as Parameters<typeof walk>[0]);
    expect(enhancedPages.filter((id) => !ids.has(id))).toEqual([]);
  });
});
