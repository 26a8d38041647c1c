import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  allowFrameOf,
  contentSecurityHeader,
  contentSecurityPolicy,
  loadContextWithNonce,
  newNonce,
  responseNonce,
} from "./content-security";

/** The root middleware around an answer, as React Router runs it. */
async function sendThrough(context: RouterContextProvider, answer: Response): Promise<Headers> {
  const url = new URL("http://portal.test/");
  const args: Parameters<typeof contentSecurityHeader>[0] = { request: new Request(url), url, pattern: "/", params: {}, context };
  const response = await contentSecurityHeader(args, async () => answer);
  return (response as Response).headers;
}

describe("the Content-Security-Policy", () => {
  it("makes 16 random bytes of nonce, new each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("allows scripts by nonce only, never inline ones, and no base element", () => {
    const policy = contentSecurityPolicy({ nonce: "abc+/=", frameOrigins: new Set() });
    expect(policy).toContain("script-src 'self' 'nonce-abc+/=' 'strict-dynamic';");
    expect(policy).toContain("base-uri 'none';");
    expect(policy).toContain("frame-src 'self';");
    expect(policy.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
  });

  it("lets the site's own service worker register (decision 0036), with or without a nonce", () => {
    for (const nonce of ["abc", null]) expect(contentSecurityPolicy({ nonce, frameOrigins: new Set() })).toContain("worker-src 'self';");
  });

  it("frames only the https hosts a page's loader allowed, each once", async () => {
    const context = loadContextWithNonce("n");
    allowFrameOf(context, "https://grafana.example.org:8443/d/1?x=1");
    allowFrameOf(context, "https://app.powerbi.com/view?r=1");
    allowFrameOf(context, "https://grafana.example.org:8443/d/2");
    for (const refused of [
      "http://plain.example.org/",
      "javascript:alert(1)",
      "https://a;script-src/x",
      "https://a,b/x",
      null,
      undefined,
    ]) {
      allowFrameOf(context, refused);
    }
    expect(responseNonce(context)).toBe("n");
    const policy = (await sendThrough(context, new Response("page"))).get("Content-Security-Policy");
    expect(policy).toBe(
      contentSecurityPolicy({ nonce: "n", frameOrigins: new Set(["https://grafana.example.org:8443", "https://app.powerbi.com"]) }),
    );
    expect(policy).toContain("frame-src 'self' https://app.powerbi.com https://grafana.example.org:8443;");
  });

  it("adds the site's policy to an answer's own, as a second policy", async () => {
    const own = new Response("file", { headers: { "Content-Security-Policy": "sandbox" } });
    const policy = (await sendThrough(loadContextWithNonce("n"), own)).get("Content-Security-Policy");
    expect(policy).toBe(`sandbox, ${contentSecurityPolicy({ nonce: "n", frameOrigins: new Set() })}`);
  });

  it("has no nonce where no HTTP layer made one", () => {
    const context = new RouterContextProvider();
    allowFrameOf(context, "https://grafana.example.org/d/1");
    expect(responseNonce(context)).toBeUndefined();
  });
});
