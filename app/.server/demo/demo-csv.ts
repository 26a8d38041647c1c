/**
 * The demo data sets: site lists, eviction figures, service mapping and a verification template;
 * as CSV here, as a workbook in demo-office.ts.
 */
import {
  EVICTION_REASONS,
  EVICTION_RISK,
  LAND_TENURE,
  SERVICE_PARTNERS,
  SERVICE_STATUSES,
  SITE_SERVICES,
  VERIFYING_PARTNER,
} from "./data/csv-values";
import type { Place } from "./data/places";
import { type DemoFileInput, placesFor, type SiteRow, siteRows } from "./demo-words";
import { seededRandom } from "./random";

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvOf(header: string[], rows: (string | number)[][]): string {
  return `${[header, ...rows].map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;
}

export const SITE_LIST_HEADER = ["site_name", "district", "region", "households", "individuals", "last_verified"];

export function renderCsv(input: DemoFileInput): string {
  const { header, rows } = rowsOf(input);
  return csvOf(header, rows);
}

export interface DataSet {
  header: string[];
  rows: (string | number)[][];
}

/** The header and rows of the data set `input.csvKind` names (a site list by default). */
export function rowsOf(input: DemoFileInput): DataSet {
  const rng = seededRandom(`${input.seed}|csv`);
  const places = placesFor(input.tags);
  switch (input.csvKind ?? "site-list") {
    case "site-list": {
      const rows = siteRows(rng, places, rng.int(28, 40), input.date);
      return { header: SITE_LIST_HEADER, rows: rows.map((r) => SITE_LIST_HEADER.map((k) => r[k as keyof SiteRow])) };
    }
    case "evictions": {
      const districts = rng.sample(places, Math.min(places.length, 4));
      const rows: (string | number)[][] = [];
      for (let m = 12; m >= 1; m--) {
        const month = new Date(Date.UTC(input.date.getUTCFullYear(), input.date.getUTCMonth() - m, 1));
        for (const place of districts) {
          const households = rng.int(0, 9) === 0 ? 0 : rng.int(15, 900);
          rows.push([
            month.toISOString().slice(0, 7),
            place.region,
            place.district,
            households,
            Math.round(households * (5.5 + rng.next())),
            households === 0 ? "" : rng.pick(EVICTION_REASONS),
          ]);
        }
      }
      return { header: ["month", "region", "district", "households_evicted", "individuals_evicted", "main_reason"], rows };
    }
    case "service-mapping": {
      const rows: (string | number)[][] = [];
      for (const site of siteRows(rng, places, rng.int(10, 14), input.date)) {
        for (const service of rng.sample(SITE_SERVICES, rng.int(2, 4))) {
          rows.push([site.site_name, site.district, service, rng.pick(SERVICE_PARTNERS), rng.pick(SERVICE_STATUSES)]);
        }
      }
      return { header: ["site_name", "district", "service", "partner", "status"], rows };
    }
    case "verification-template": {
      const header = [
        "site_name",
        "district",
        "region",
        "latitude",
        "longitude",
        "households",
        "individuals",
        "land_tenure",
        "eviction_risk",
        "verified_by",
        "verification_date",
      ];
      const rows = siteRows(rng, places, 2, input.date).map((site) => {
        const place = places.find((p) => p.district === site.district) ?? (places[0] as Place);
        return [
          `EXAMPLE - ${site.site_name}`,
          site.district,
          site.region,
          (place.lat + (rng.next() - 0.5) / 20).toFixed(5),
          (place.lon + (rng.next() - 0.5) / 20).toFixed(5),
          site.households,
          site.individuals,
          rng.pick(LAND_TENURE),
          rng.pick(EVICTION_RISK),
          VERIFYING_PARTNER,
          site.last_verified,
        ];
      });
      return { header, rows };
    }
  }
}
