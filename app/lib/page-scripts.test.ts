import { describe, expect, it } from "vitest";
import { pageHydrates } from "./page-scripts";

describe("pageHydrates (decision 0038)", () => {
  it("is false for every page of the public layout", () => {
    expect(pageHydrates(["root", "routes/public/layout", "routes/public/about"])).toBe(false);
    expect(pageHydrates(["root", "routes/public/layout", "routes/public/library-layout", "routes/public/documents"])).toBe(false);
  });

  it("is true for the admin portal's pages", () => {
    expect(pageHydrates(["root", "routes/admin/layout", "routes/admin/documents"])).toBe(true);
    expect(pageHydrates(["root", "routes/admin/login"])).toBe(true);
  });

  it("names a route that exists", async () => {
    const { default: routes } = await import("../routes");
    expect(routes.map((route) => route.file.replace(/\.tsx?$/, ""))).toContain("routes/public/layout");
  });
});
