import type { AppContext } from "../context";

/**
 * Every public page reads settings; a few seconds of staleness is the price of not querying on each
 * request. Another instance drops its cache when the save's settings.changed event reaches it,
 * and otherwise (an event missed while reconnecting) within this time.
 */
export const SETTINGS_CACHE_MS = 5_000;

export interface SettingsCache<T> {
  read(ctx: AppContext): Promise<T>;
  /** After a save on this instance; other instances drop theirs on the settings.changed event. */
  drop(ctx: AppContext): void;
}

/**
 * A per-context cache of values built from settings rows (the site settings, the About text):
 * kept SETTINGS_CACHE_MS, dropped when settings.changed passes the bus, which on PostgreSQL
 * arrives from the other instances too.
 */
export function settingsCache<T>(load: (ctx: AppContext) => Promise<T>): SettingsCache<T> {
  const cache = new WeakMap<AppContext, { value: T; readAt: number }>();
  const hooked = new WeakSet<AppContext>();
  return {
    async read(ctx) {
      if (!hooked.has(ctx)) {
        hooked.add(ctx);
        ctx.events.subscribe((event) => {
          if (event.type === "settings.changed") cache.delete(ctx);
        });
      }
      const now = Date.now();
      const hit = cache.get(ctx);
      if (hit && now - hit.readAt < SETTINGS_CACHE_MS) return hit.value;
      const value = await load(ctx);
      cache.set(ctx, { value, readAt: now });
      return value;
    },
    drop(ctx) {
      cache.delete(ctx);
    },
  };
}
