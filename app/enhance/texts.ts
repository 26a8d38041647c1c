/**
 * The texts the page gave its enhancements under `name` (components/layout/page-texts.tsx), in the
 * reader's language. A key the page did not give is the empty string.
 */
export function texts<K extends string>(name: string): Record<K, string> {
  const element = document.querySelector<HTMLTemplateElement>(`template[data-texts="${CSS.escape(name)}"]`);
  const given = element?.dataset ?? {};
  return new Proxy({} as Record<K, string>, { get: (_, key) => (typeof key === "string" ? (given[key] ?? "") : "") });
}
