import { describe, expect, it } from "vitest";
import { isActivePath, SIDE_MENU_ITEMS, sideMenuCookie } from "./side-menu";

describe("side menu", () => {
  it("highlights by prefix, the home item only exactly", () => {
    expect(isActivePath("/documents", "/documents")).toBe(true);
    expect(isActivePath("/documents", "/documents/archive")).toBe(true);
    expect(isActivePath("/documents", "/documents-old")).toBe(false);
    expect(isActivePath("/", "/documents")).toBe(false);
    expect(isActivePath("/", "/")).toBe(true);
  });
  it("links the guidelines and the standards lists", () => {
    expect(SIDE_MENU_ITEMS.map((item) => item.url)).toEqual(["/", "/documents", "/guidelines", "/standards", "/dashboards", "/about"]);
  });
  it("keeps its state for 7 days", () => {
    expect(sideMenuCookie(false)).toBe("sidebar_state=collapsed; Path=/; Max-Age=604800; SameSite=Lax");
  });
});
