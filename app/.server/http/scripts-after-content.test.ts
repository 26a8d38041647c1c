import { describe, expect, it } from "vitest";
import { scriptsAfterContent } from "./scripts-after-content";

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.js" nonce="n1"/>' +
  '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/root.js" nonce="n1"/><style>a{}</style></head>' +
  '<body><main><h1>Título é</h1></main><script nonce="n1">window.x=1</script><script nonce="n1" type="module" async="">import "/assets/root.js"</script></body></html>';

const rewrite = (page: string, more?: string) => scriptsAfterContent(page, more).toString("utf8");

describe("scriptsAfterContent", () => {
  it("moves the module preloads from the head to just before the body's first script, nonce kept", () => {
    const out = rewrite(PAGE);
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(out).toContain(
      '<h1>Título é</h1></main><link rel="modulepreload" href="/assets/entry.js" nonce="n1"/><link rel="modulepreload" href="/assets/root.js" nonce="n1"/><script nonce="n1">',
    );
    // Nothing else changes: the same text, the links at another place.
    expect(out.replace(/<link rel="modulepreload"[^>]*>/g, "")).toBe(PAGE.replace(/<link rel="modulepreload"[^>]*>/g, ""));
  });

  it("writes the preloads it is given after the moved ones", () => {
    const more = '<link rel="modulepreload" href="/assets/messages-so-public-X1.js" nonce="n1"/>';
    const out = rewrite(PAGE, more);
    expect(out).toContain(`<link rel="modulepreload" href="/assets/root.js" nonce="n1"/>${more}<script nonce="n1">`);
    expect(out.slice(0, out.indexOf("</head>"))).not.toContain("modulepreload");
  });

  it("gives the page's bytes: characters outside ASCII are UTF-8", () => {
    expect(scriptsAfterContent(PAGE).equals(Buffer.from(rewrite(PAGE), "utf8"))).toBe(true);
    expect(scriptsAfterContent(PAGE).includes(Buffer.from("Título é", "utf8"))).toBe(true);
  });

  it("puts the links at the end of a page without a script, and leaves a page without a head alone", () => {
    const noScript = `${PAGE.slice(0, PAGE.indexOf("<script"))}</body></html>`;
    expect(rewrite(noScript)).toMatch(/<\/body><\/html><link rel="modulepreload" href="\/assets\/entry.js"/);
    expect(rewrite("not a page", "<link/>")).toBe("not a page");
    // A page without preloads is the same text.
    const plain = PAGE.replace(/<link rel="modulepreload"[^>]*>/g, "");
    expect(rewrite(plain)).toBe(plain);
  });
});
