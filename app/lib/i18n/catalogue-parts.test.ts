import { describe, expect, it } from "vitest";
import { catalogueParts } from "./catalogue-parts";

describe("catalogueParts", () => {
  it("gives admin pages the admin messages too, and every other page the public ones alone", () => {
    expect(catalogueParts("/admin")).toEqual(["public", "admin"]);
    expect(catalogueParts("/admin/documents")).toEqual(["public", "admin"]);
    expect(catalogueParts("/")).toEqual(["public"]);
    expect(catalogueParts("/reports")).toEqual(["public"]);
    // A public address that merely starts with the same letters is not in the admin portal.
    expect(catalogueParts("/administration-guide")).toEqual(["public"]);
  });
});
