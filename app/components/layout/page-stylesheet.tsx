import { createContext, useContext } from "react";

/**
 * The page's stylesheet, written into its head (decision 0028). On a thin link a linked stylesheet
 * is one more round trip before anything paints (400 ms at the latency the portal is built for);
 * inline, the text paints as soon as the HTML arrives. The whole stylesheet is 8 KB brotli.
 *
 * The server render gets the text from app/entry.server.tsx through this context. The browser has
 * no copy of it (it would double the JavaScript): it renders the same element empty, and React,
 * hydrating, keeps the element the HTML brought and never rewrites its content. Client-side
 * navigations keep the document, so the styles stay. The development server links the stylesheet
 * instead (root.tsx), so Vite can replace it when a source changes; the context is then empty.
 */
export const PageStylesheetContext = createContext<string | null>(null);

export function PageStylesheet() {
  const css = useContext(PageStylesheetContext);
  if (css === null && !import.meta.env.PROD) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own stylesheet, from the build.
  return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css ?? "" }} />;
}
