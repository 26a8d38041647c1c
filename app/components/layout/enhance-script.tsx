import { createContext, useContext } from "react";
import { useMatches } from "react-router";
import { pageHydrates } from "~/lib/page-scripts";

/**
 * The script of a page that does not hydrate (decision 0038): one module, after the content, with
 * the response's nonce (decision 0023; a page from the anonymous cache drops it, and its policy
 * lets 'self' load the file). app/entry.server.tsx gives the address and the nonce.
 */
export const EnhanceScriptContext = createContext<{ src: string; nonce?: string } | null>(null);

export function EnhanceScript() {
  const script = useContext(EnhanceScriptContext);
  if (!script) return null;
  return <script type="module" src={script.src} nonce={script.nonce} />;
}

/** Whether this page hydrates (true) or loads its enhancements (decision 0038). */
export function usePageHydrates(): boolean {
  return pageHydrates(useMatches().map((match) => match.id));
}
