import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { labelledDays, niceMax } from "~/lib/analytics";

export interface ChartPoint {
  day: string;
  documentViews: number;
  dashboardViews: number;
  downloads: number;
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };
const VIEWS_COLOUR = "#1f5fa8"; // brand-600
const DOWNLOADS_COLOUR = "#b45309"; // amber-700: distinct from blue for colour-blind readers too

function label(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

function Legend() {
  return (
    <span className="flex gap-4 text-sm text-slate-700">
      <span className="flex items-center gap-1">
        <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: VIEWS_COLOUR }} />
        <Trans>Views</Trans>
      </span>
      <span className="flex items-center gap-1">
        <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: DOWNLOADS_COLOUR }} />
        <Trans>Downloads</Trans>
      </span>
    </span>
  );
}

/** The bars: two per day, on a rounded scale with three gridlines and at most eight day labels. */
function Bars({ points, views, downloads }: { points: ChartPoint[]; views: number[]; downloads: number[] }) {
  const { t } = useLingui();
  const max = niceMax(Math.max(0, ...views, ...downloads));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const bar = Math.max(1, slot * 0.4);
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const labelled = labelledDays(points.length);
  return (
    <>
      {[0, max / 2, max].map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
            {Number.isInteger(tick) ? tick : tick.toFixed(1)}
          </text>
        </g>
      ))}
      {points.map((p, i) => {
        const x = PAD.left + i * slot + (slot - 2 * bar) / 2;
        const v = views[i] ?? 0;
        const d = downloads[i] ?? 0;
        const day = p.day;
        return (
          <g key={p.day}>
            <rect x={x} y={y(v)} width={bar} height={PAD.top + plotH - y(v)} fill={VIEWS_COLOUR}>
              <title>{t`${day}: ${plural(v, { one: "# views", other: "# views" })}`}</title>
            </rect>
            <rect x={x + bar} y={y(d)} width={bar} height={PAD.top + plotH - y(d)} fill={DOWNLOADS_COLOUR}>
              <title>{t`${day}: ${plural(d, { one: "# downloads", other: "# downloads" })}`}</title>
            </rect>
            {labelled.has(i) ? (
              <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#475569">
                {label(p.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </>
  );
}

/** The exact numbers behind the chart, folded away (a <details> opens without JavaScript). */
function DataTable({ points }: { points: ChartPoint[] }) {
  const { t } = useLingui();
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">
        <Trans>Show the numbers per day</Trans>
      </summary>
      <div className="mt-2 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={t`Numbers per day`}>
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">
            <Trans>Views and downloads per day (UTC)</Trans>
          </caption>
          <thead className="bg-slate-50 text-left">
            <tr>
              {[t`Day (UTC)`, t`Document views`, t`Dashboard views`, t`Downloads`].map((h) => (
                <th key={h} scope="col" className="px-3 py-1.5 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {points.map((p) => (
              <tr key={p.day}>
                <th scope="row" className="px-3 py-1 font-normal">
                  {p.day}
                </th>
                <td className="px-3 py-1">{p.documentViews}</td>
                <td className="px-3 py-1">{p.dashboardViews}</td>
                <td className="px-3 py-1">{p.downloads}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * Views (documents and dashboards) and downloads per day as server-rendered SVG bars: no chart
 * library, nothing to download, readable without JavaScript. Screen readers get a summary; the
 * exact numbers are in the table below it.
 */
export function ActivityChart({ points }: { points: ChartPoint[] }) {
  const { t } = useLingui();
  const id = useId();
  const views = points.map((p) => p.documentViews + p.dashboardViews);
  const downloads = points.map((p) => p.downloads);
  const totalViews = views.reduce((a, b) => a + b, 0);
  const totalDownloads = downloads.reduce((a, b) => a + b, 0);
  const first = points[0]?.day ?? "";
  const last = points[points.length - 1]?.day ?? "";
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          <Trans>Views and downloads per day</Trans>
        </span>
        <Legend />
      </figcaption>
      {/* On a phone the chart keeps a readable size and scrolls sideways in its own box. */}
      <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t`Chart of views and downloads per day`}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full min-w-[36rem]" role="img" aria-labelledby={`${id}-t ${id}-d`}>
          <title id={`${id}-t`}>{t`Views and downloads per day`}</title>
          <desc id={`${id}-d`}>
            {t`From ${first} to ${last} (UTC): ${plural(totalViews, { one: "# views", other: "# views" })} and ${plural(totalDownloads, { one: "# downloads", other: "# downloads" })}. The table below lists each day.`}
          </desc>
          <Bars points={points} views={views} downloads={downloads} />
        </svg>
      </div>
      <DataTable points={points} />
    </figure>
  );
}
