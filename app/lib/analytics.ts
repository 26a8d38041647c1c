/** The admin analytics' periods and day arithmetic (pure: shared by the server and the chart). */

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD: AnalyticsPeriod = 30;

export function parsePeriod(value: string | null | undefined): AnalyticsPeriod {
  const n = Number(value);
  return (ANALYTICS_PERIODS as readonly number[]).includes(n) ? (n as AnalyticsPeriod) : DEFAULT_PERIOD;
}

const DAY_MS = 86_400_000;

/** The UTC days of a period ending today, oldest first, as "YYYY-MM-DD" (how activity rows are grouped). */
export function periodDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** A round axis maximum at or above `max` (1, 2, 5 x 10^n), so gridlines fall on readable numbers. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= max) ?? 10;
  return step * magnitude;
}

/**
 * Which days get a label: the last one (today) and every `step`-th day before it, at most eight,
 * evenly spaced, so no two labels ever meet (a forced last label used to sit on its neighbour).
 */
export function labelledDays(count: number): Set<number> {
  const step = Math.max(1, Math.ceil(count / 8));
  const days = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) days.add(i);
  return days;
}
