import { describe, expect, it } from "vitest";
import { bodyTypeRefusal, requestShapeRefusal, withQueryNulReplaced } from "./request-shape";

describe("request shape", () => {
  it("refuses a request without Host, and paths with control characters or broken escapes", () => {
    expect(requestShapeRefusal({ host: undefined, path: "/" })).toMatchObject({ status: 400 });
    for (const path of ["/document/%00", "/document/a%0Db", "/x/%0A", "/%7F", "/document/%E0%A4%A", "/%"])
      expect(requestShapeRefusal({ host: "portal", path }), path).toMatchObject({ status: 400 });
    for (const path of ["/", "/document/6faa982d-f084-432b-a488-6d6cbf5497b9", "/documents/%C3%A9t%C3%A9", "/shared/folder/abc_-9"])
      expect(requestShapeRefusal({ host: "portal", path }), path).toBeNull();
  });

  it("replaces NULs in the query only", () => {
    expect(withQueryNulReplaced("/admin/logs?action=%00&email=a%00b")).toBe("/admin/logs?action=%EF%BF%BD&email=a%EF%BF%BDb");
    expect(withQueryNulReplaced("/document/%00")).toBe("/document/%00");
    expect(withQueryNulReplaced("/documents?q=%2500")).toBe("/documents?q=%2500");
  });

  it("takes form, multipart and JSON bodies; refuses a body of another or no type", () => {
    const post = (contentType: string | undefined, hasBody = true) => bodyTypeRefusal({ method: "POST", contentType, hasBody });
    expect(post("application/x-www-form-urlencoded;charset=UTF-8")).toBeNull();
    expect(post("multipart/form-data; boundary=x")).toBeNull();
    expect(post("application/json")).toMatchObject({ status: 415 });
    expect(post(undefined)).toMatchObject({ status: 415 });
    expect(post("text/xml")).toMatchObject({ status: 415 });
    expect(post(undefined, false)).toBeNull();
    expect(post("text/plain", false)).toMatchObject({ status: 415 });
  });
});
