import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * "3 d 4 h", "2 h 5 min", "45 s": a process uptime at a glance (the largest two units), with the
 * units in the page's language (`i18n` is required: an English fallback once let the admin pages
 * show "1 min" untranslated after the portal's first minute).
 */
export function formatUptime(totalSeconds: number, i18n: I18n): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return i18n._(msg`${days} d ${hours} h`);
  if (hours > 0) return i18n._(msg`${hours} h ${minutes} min`);
  if (minutes > 0) return i18n._(msg`${minutes} min`);
  return i18n._(msg`${s} s`);
}
