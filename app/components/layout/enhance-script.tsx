import { createContext, useContext } from "react";

/**
 * The script of a page that does not hydrate (decision 0038): one module, after the content, with
 * the response's nonce (decision 0023; a page from the anonymous cache drops it, and its policy
 * lets 'self' load the file). app/entry.server.tsx decides, once per page, that the page does not
 * hydrate (lib/page-scripts.ts) and gives the address and the nonce; a page without it hydrates.
 */
export const EnhanceScriptContext = createContext<{ src: string; nonce?: string } | null>(null);

export function EnhanceScript() {
  const script = useContext(EnhanceScriptContext);
  if (!script) return null;
  return (
    <>
      {/* In development, Vite's client: an edit to a route or an enhancement reloads the open page. */}
      {import.meta.env.DEV ? <script type="module" src="/@vite/client" nonce={script.nonce} /> : null}
      <script type="module" src={script.src} nonce={script.nonce} />
    </>
  );
}

/** Whether this page loads its enhancements (true) or hydrates (decision 0038). */
export function useEnhancedPage(): boolean {
  return useContext(EnhanceScriptContext) !== null;
}
