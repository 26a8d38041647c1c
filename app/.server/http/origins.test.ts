import { describe, expect, it } from "vitest";
import { crossSiteRefusal, originOf, siteOrigin } from "./origins";

const OWN = "https://portal.example.org";
const check = (method: string, headers: { origin?: string; referer?: string }, allowed = [OWN]) =>
  crossSiteRefusal({ method, origin: headers.origin, referer: headers.referer, allowed });

describe("crossSiteRefusal", () => {
  it("lets GET, HEAD and OPTIONS through whatever they carry", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) expect(check(method, { origin: "https://evil.example" })).toBeNull();
  });

  it("lets a state-changing request from the portal's own pages through", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) expect(check(method, { origin: OWN })).toBeNull();
    expect(check("POST", { origin: "http://127.0.0.1:3000" }, [OWN, "http://127.0.0.1:3000"])).toBeNull();
    // An old browser without Origin: its Referer is a page of the portal.
    expect(check("POST", { referer: `${OWN}/documents?q=x` })).toBeNull();
  });

  it("refuses every other origin on every method but GET, HEAD and OPTIONS", () => {
    const hostile = [
      "https://evil.example",
      "https://docs.portal.example.org",
      "http://portal.example.org",
      "https://portal.example.org:8443",
      "https://portal.example.org.evil.example",
      "null",
      "",
      "not a url",
      "file://",
    ];
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      for (const origin of hostile) expect(check(method, { origin }), `${method} ${origin}`).not.toBeNull();
    }
    // Origin decides when present: a matching Referer does not rescue a foreign Origin.
    expect(check("POST", { origin: "https://evil.example", referer: `${OWN}/` })).not.toBeNull();
  });

  it("refuses a request without Origin whose Referer is another site's, or which has neither", () => {
    expect(check("POST", { referer: "https://evil.example/page" })).not.toBeNull();
    expect(check("POST", { referer: "" })).not.toBeNull();
    expect(check("POST", {})).toMatch(/neither Origin nor Referer/);
  });
});

describe("originOf and siteOrigin", () => {
  it("reads http(s) origins only", () => {
    expect(originOf("https://Portal.Example.org:443/x?y")).toBe("https://portal.example.org");
    expect(originOf("null")).toBeNull();
    expect(originOf("javascript:alert(1)")).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });

  it("builds links on PUBLIC_URL when set, else on the request's own address", () => {
    const request = new Request("http://10.0.0.7:3000/document/1");
    expect(siteOrigin({ publicUrl: "https://portal.example.org" }, request)).toBe("https://portal.example.org");
    expect(siteOrigin({ publicUrl: undefined }, request)).toBe("http://10.0.0.7:3000");
  });
});
