import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdminIconSprite } from "../admin/admin-icon-sprite";
import { IconSprite, SpriteIcon } from "./icon-sprite";

const symbolIds = (html: string) => [...html.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]!);

describe("icon sprites", () => {
  it("draw each icon once, as a symbol a SpriteIcon refers to", () => {
    const admin = renderToStaticMarkup(<AdminIconSprite />);
    expect(admin).toMatch(/^<svg aria-hidden="true" class="hidden"><symbol id="icon-trash" viewBox="0 0 24 24"><svg /);
    expect(renderToStaticMarkup(<SpriteIcon name="trash" className="h-4 w-4 text-red-700" />)).toBe(
      '<svg aria-hidden="true" class="h-4 w-4 text-red-700"><use href="#icon-trash"></use></svg>',
    );
  });

  it("give every name to one sprite only, so the symbols' ids stay unique on an admin page", () => {
    const pub = symbolIds(renderToStaticMarkup(<IconSprite />));
    const admin = symbolIds(renderToStaticMarkup(<AdminIconSprite />));
    expect(pub).toContain("icon-download");
    expect(admin).toContain("icon-refresh-cw");
    expect(admin.filter((id) => pub.includes(id))).toEqual([]);
    expect(new Set([...pub, ...admin]).size).toBe(pub.length + admin.length);
  });
});

describe("the page's sprite", () => {
  it("writes the symbols the server drew, and the browser's render of it carries none of its own", async () => {
    const { PageIconSprite, PageSpriteContext } = await import("./page-sprite");
    const symbols = renderToStaticMarkup(<IconSprite />).replace(/^<svg[^>]*>|<\/svg>$/g, "");
    const page = renderToStaticMarkup(
      <PageSpriteContext value={symbols}>
        <PageIconSprite />
      </PageSpriteContext>,
    );
    expect(page).toBe(renderToStaticMarkup(<IconSprite />));
    expect(symbolIds(page)).toContain("icon-download");
    expect(renderToStaticMarkup(<PageIconSprite />)).toBe('<svg aria-hidden="true" class="hidden"></svg>');
  });
});
