import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, bodyRefusal, isUploadRoute } from "./body-limit";

describe("request body limit", () => {
  it("knows the routes that take files, as pages and as .data requests, and nothing else", () => {
    for (const path of [
      "/admin/documents",
      "/admin/documents.data",
      "/admin/documents/",
      "/admin/documents/abc-123/edit",
      "/admin/documents/abc-123/edit.data",
      "/admin/folders/upload",
      "/admin/folders/bulk-upload.data",
      "/admin/dashboards/new",
      "/admin/dashboards/xyz/edit",
    ])
      expect(isUploadRoute(path), path).toBe(true);
    for (const path of [
      "/admin/login",
      "/admin/settings",
      "/admin/documents/abc/delete",
      "/admin/documents/abc/edit/x",
      "/admin/folders/quick-setup",
      "/admin/users",
      "/preferences/side-menu",
      "/admin/documentsx",
      "/x/admin/documents",
    ])
      expect(isUploadRoute(path), path).toBe(false);
  });

  it("refuses a body over the limit, or of no declared length, before it is read; uploads and reads pass", () => {
    const post = (pathname: string, contentLength?: string, transferEncoding?: string) =>
      bodyRefusal({ method: "POST", pathname, contentLength, transferEncoding });
    expect(post("/admin/login", String(BODY_LIMIT_BYTES))).toBeNull();
    expect(post("/admin/login", String(BODY_LIMIT_BYTES + 1))).toMatchObject({ status: 413 });
    expect(post("/admin/login", "200000000")).toMatchObject({ status: 413, message: expect.stringContaining("64 KB") });
    expect(post("/admin/login", "1e309")).toMatchObject({ status: 413 });
    expect(post("/admin/login", undefined, "chunked")).toMatchObject({ status: 411 });
    expect(post("/admin/login")).toBeNull(); // no body at all
    expect(post("/admin/documents", "52428800")).toBeNull();
    expect(post("/admin/folders/bulk-upload", undefined, "chunked")).toBeNull();
    for (const method of ["PUT", "PATCH", "DELETE"])
      expect(bodyRefusal({ method, pathname: "/admin/session", contentLength: "100000", transferEncoding: undefined })).toMatchObject({
        status: 413,
      });
    expect(bodyRefusal({ method: "GET", pathname: "/documents", contentLength: "100000", transferEncoding: undefined })).toBeNull();
  });
});
