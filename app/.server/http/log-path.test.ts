import { describe, expect, it } from "vitest";
import { loggablePath } from "./log-path";

describe("loggablePath", () => {
  it("keeps plain paths and the values of paging, sorting and view parameters", () => {
    expect(loggablePath("/reports")).toBe("/reports");
    expect(loggablePath("/documents?page=2&per=24&sort=newest&category=Report")).toBe(
      "/documents?page=2&per=24&sort=newest&category=Report",
    );
    expect(loggablePath("/admin/documents?index")).toBe("/admin/documents?index");
    expect(loggablePath("/documents.data?_routes=routes%2Fpublic%2Fdocuments")).toBe("/documents.data?_routes=routes%2Fpublic%2Fdocuments");
  });

  it("redacts every other query value: tokens, signatures, search words, redirect targets", () => {
    expect(loggablePath("/admin/set-password?token=abc123")).toBe("/admin/set-password?token=[redacted]");
    expect(loggablePath("/admin/setup?TOKEN=abc123")).toBe("/admin/setup?TOKEN=[redacted]");
    expect(loggablePath("/api/files/d1?exp=1700000000&disp=inline&sig=c2lnbmF0dXJl")).toBe(
      "/api/files/d1?exp=[redacted]&disp=[redacted]&sig=[redacted]",
    );
    expect(loggablePath("/documents?q=camp+Baidoa&page=3")).toBe("/documents?q=[redacted]&page=3");
    expect(loggablePath("/admin/login?redirectTo=%2Fshared%2Ffolder%2Fsecret")).toBe("/admin/login?redirectTo=[redacted]");
  });

  it("redacts share tokens in the path, whatever the case, also in data requests", () => {
    expect(loggablePath("/shared/folder/Tk_secret-1")).toBe("/shared/folder/[redacted]");
    expect(loggablePath("/shared/document/Tk_secret-1")).toBe("/shared/document/[redacted]");
    expect(loggablePath("/shared/folder/Tk_secret-1.data?page=2")).toBe("/shared/folder/[redacted].data?page=2");
    // The folder's "Download all" ZIP (decision 0033).
    expect(loggablePath("/shared/folder/Tk_secret-1/zip")).toBe("/shared/folder/[redacted]/zip");
    expect(loggablePath("/SHARED/Folder/Tk_secret-1")).toBe("/SHARED/Folder/[redacted]");
    expect(loggablePath("//shared//document//Tk_secret-1/x")).toBe("//shared//document//[redacted]/x");
    expect(loggablePath("/%73hared/folder/Tk_secret-1")).toBe("/%73hared/folder/[redacted]");
    expect(loggablePath("/shared/folder")).toBe("/shared/folder");
    expect(loggablePath("/document/abc")).toBe("/document/abc");
  });

  it("keeps a line one line: control characters replaced, long paths cut", () => {
    expect(loggablePath("/a\nb\u001b[31m")).toBe("/a\uFFFDb\uFFFD[31m");
    const long = loggablePath(`/${"x".repeat(2000)}`);
    expect(long.length).toBe(513);
    expect(long.endsWith("…")).toBe(true);
  });
});
