/** The tabs pattern's keys (WAI-ARIA), for the React tabs (components/ui/tabs.tsx) and the enhanced ones (app/enhance/tabs.ts). */

/** The tab an arrow, Home or End key moves to from tab `index` of `count`; null for any other key. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  const last = count - 1;
  const keys: Record<string, number> = {
    ArrowRight: index === last ? 0 : index + 1,
    ArrowLeft: index === 0 ? last : index - 1,
    Home: 0,
    End: last,
  };
  return keys[key] ?? null;
}
