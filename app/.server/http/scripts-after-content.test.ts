import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { scriptsAfterContent } from "./scripts-after-content";

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.js" nonce="n1"/>' +
  '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/root.js" nonce="n1"/><style>a{}</style></head>' +
  '<body><main><h1>Título é</h1></main><script nonce="n1">window.x=1</script><script nonce="n1" type="module" async="">import "/assets/root.js"</script></body></html>';

/** The page through the rewrite, cut into chunks of `size` bytes (so tags and characters are split). */
async function rewrite(page: string, size: number): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return text(Readable.from(chunks).pipe(scriptsAfterContent()));
}

describe("scriptsAfterContent", () => {
  it("moves the module preloads from the head to just before the body's first script, nonce kept", async () => {
    const out = await rewrite(PAGE, 1 << 16);
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(out).toContain(
      '<h1>Título é</h1></main><link rel="modulepreload" href="/assets/entry.js" nonce="n1"/><link rel="modulepreload" href="/assets/root.js" nonce="n1"/><script nonce="n1">',
    );
    // Nothing else changes: the same bytes, the links at another place.
    expect(out.replace(/<link rel="modulepreload"[^>]*>/g, "")).toBe(PAGE.replace(/<link rel="modulepreload"[^>]*>/g, ""));
  });

  it("writes the preloads it is given after the moved ones", async () => {
    const more = '<link rel="modulepreload" href="/assets/messages-so-public-X1.js" nonce="n1"/>';
    const out = await text(Readable.from([Buffer.from(PAGE)]).pipe(scriptsAfterContent(more)));
    expect(out).toContain(`<link rel="modulepreload" href="/assets/root.js" nonce="n1"/>${more}<script nonce="n1">`);
    expect(out.slice(0, out.indexOf("</head>"))).not.toContain("modulepreload");
  });

  it("gives the same page whatever the chunks' size", async () => {
    const whole = await rewrite(PAGE, 1 << 16);
    for (const size of [1, 2, 3, 5, 7, 64]) expect(await rewrite(PAGE, size)).toBe(whole);
  });

  it("puts the links at the end of a page without a script, and leaves a page without a head alone", async () => {
    const noScript = `${PAGE.slice(0, PAGE.indexOf("<script"))}</body></html>`;
    expect(await rewrite(noScript, 9)).toMatch(/<\/body><\/html><link rel="modulepreload" href="\/assets\/entry.js"/);
    expect(await rewrite("not a page", 3)).toBe("not a page");
  });
});
