import { createContext, useContext } from "react";

/**
 * The icon sprites' symbols (components/ui/icon-sprite.tsx), drawn on the server once per process
 * by app/entry.server.tsx and written into every page, like the inline stylesheet (decision 0028):
 * the public ones into every page, the admin ones too into every page that hydrates. The browser
 * has no copy of them: it renders the same element empty, and React, hydrating, keeps what the
 * HTML brought and never rewrites it (the root layout, and so this element, stays mounted from
 * one admin page to the next). So no page loads the lucide icons of the sprites or the code that
 * draws them (about 1.7 KB brotli of each page's JavaScript), and no request draws them again.
 * The references to the symbols (`SpriteIcon`) stay where they are.
 */
export const PageSpriteContext = createContext<string | null>(null);

export function PageIconSprite() {
  const symbols = useContext(PageSpriteContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own icons, drawn by the server from lucide's components.
  return <svg aria-hidden="true" className="hidden" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: symbols ?? "" }} />;
}
