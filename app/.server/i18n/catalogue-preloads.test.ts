import { afterEach, describe, expect, it } from "vitest";
import { catalogueFiles, knowBrowserFiles } from "./catalogue-preloads";

const BUILD = [
  "/assets/entry.client-DdVyJukR.js",
  "/assets/messages-en-public-DlfSs_FB.js",
  "/assets/messages-so-public-a-B_9.js",
  "/assets/messages-en-admin-Qq1.js",
  "/assets/messages-so-admin-Zz2.js",
  "/assets/messages-en-XA-public-Pp3.js",
  "/assets/messages-fr-public-Nope.js",
  "/favicon.svg",
];

afterEach(() => knowBrowserFiles([]));

describe("catalogueFiles", () => {
  it("names the reader's public catalogue, and the admin one too on admin pages", () => {
    knowBrowserFiles(BUILD);
    expect(catalogueFiles("en", "/reports")).toEqual(["/assets/messages-en-public-DlfSs_FB.js"]);
    expect(catalogueFiles("so", "/")).toEqual(["/assets/messages-so-public-a-B_9.js"]);
    expect(catalogueFiles("so", "/admin/documents")).toEqual(["/assets/messages-so-public-a-B_9.js", "/assets/messages-so-admin-Zz2.js"]);
    expect(catalogueFiles("en", "/admin")).toEqual(["/assets/messages-en-public-DlfSs_FB.js", "/assets/messages-en-admin-Qq1.js"]);
    // A language whose code has a hyphen; a part the build lacks is left out.
    expect(catalogueFiles("en-XA", "/admin/login")).toEqual(["/assets/messages-en-XA-public-Pp3.js"]);
  });

  it("names nothing when no build is known (the development server, the tests)", () => {
    expect(catalogueFiles("en", "/")).toEqual([]);
    knowBrowserFiles(BUILD);
    knowBrowserFiles(["/assets/entry.client-DdVyJukR.js"]);
    expect(catalogueFiles("en", "/")).toEqual([]);
  });
});
