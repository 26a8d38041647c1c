import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * The portal's configuration, parsed once from the environment. Nothing else
 * in the code base reads `process.env` (ARCHITECTURE.md section 2).
 */
const booleanFromEnv = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/** Names Express's proxy-addr knows for address ranges, besides addresses and CIDR blocks. */
const PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];

function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

const trustProxyFromEnv = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every(isTrustedProxyEntry), {
    error: "must be a comma-separated list of addresses, CIDR blocks (10.0.0.0/8) or loopback, linklocal, uniquelocal",
  });

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(["production", "development", "test"]).default("production")),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default("0.0.0.0")),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default("./data")),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL (leave it unset for SQLite)")
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, e.g. https://portal.example.org" })
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
  ),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(3).max(63).optional()),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default("us-east-1")),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, booleanFromEnv.default(false)),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxyFromEnv.default(["loopback"])),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(["auto", "json", "pretty"]).default("auto")),
  READ_FILES: z.preprocess(emptyAsUndefined, booleanFromEnv.default(true)),
  ACTIVITY_RETENTION_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(30).max(36_500).default(365)),
  LIVE_STREAMS_PER_ADDRESS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(50)),
  LIVE_STREAMS_TOTAL: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1000)),
  LIVE_STREAM_MINUTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1440).default(30)),
  PAGE_CACHE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(86_400).default(60)),
  PAGE_CACHE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65_536).default(64)),
  I18N_PSEUDO: z.preprocess(emptyAsUndefined, booleanFromEnv.default(false)),
  FOLDER_ZIP_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_048_576).default(2048)),
});

export type Env = z.input<typeof envSchema>;

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface Config {
  env: "production" | "development" | "test";
  port: number;
  host: string;
  dataDir: string;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  publicUrl: string | undefined;
  /** Cookies get `Secure` when the portal is served over https. */
  secureCookies: boolean;
  s3: S3Config | null;
  /**
   * The proxies whose X-Forwarded-For is believed (the client address behind them is what
   * sign-in and share-link limits count). Default: a reverse proxy on this machine only.
   */
  trustProxy: string[];
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * How log lines are written: `json` (one JSON object per line, for journald and log shippers),
   * `pretty` (one short line for a person), or `auto`: pretty when stdout is a terminal.
   */
  logFormat: "auto" | "json" | "pretty";
  /**
   * Whether `serve` reads stored files in the background (issue 11). Off on instances that should
   * only answer requests; another instance, or `portal reprocess`, then reads the queue.
   */
  readFiles: boolean;
  /**
   * How long the activity log (security events included) keeps a row, in days: older rows are
   * deleted by the 10-minute sweep of `serve`. A year by default; at least 30 days.
   */
  activityRetentionDays: number;
  /**
   * Anonymous live-update streams (GET /api/events) an instance holds: per client address, in
   * all, and how long one stays open before the browser reconnects (events/stream-gate.ts).
   */
  liveStreams: { streamsPerAddress: number; streamsTotal: number; streamMaxMinutes: number };
  /**
   * The anonymous page cache of `serve` (decision 0029): how long an entry is served when no
   * event has emptied it (0 turns the cache off), and how many megabytes its entries may take.
   */
  pageCache: { seconds: number; megabytes: number };
  /**
   * Whether a reader may choose the pseudo-language (cookie `lang=en-XA`; decision 0031): for the
   * check that every text comes from a catalogue (npm run i18n:check). Off in production.
   */
  pseudoLanguage: boolean;
  /**
   * The largest folder, in megabytes of its published files, that "Download all" streams as one
   * ZIP (decision 0033); a larger one is refused with 413 and its button is shown disabled.
   */
  folderZipMaxMb: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment (normally `process.env`); throws ConfigError listing every problem. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL } : { kind: "sqlite", file: path.join(dataDir, "portal.db") },
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith("https://") ?? false,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    readFiles: e.READ_FILES,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    liveStreams: {
      streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
      streamsTotal: e.LIVE_STREAMS_TOTAL,
      streamMaxMinutes: e.LIVE_STREAM_MINUTES,
    },
    pageCache: { seconds: e.PAGE_CACHE_SECONDS, megabytes: e.PAGE_CACHE_MB },
    pseudoLanguage: e.I18N_PSEUDO,
    folderZipMaxMb: e.FOLDER_ZIP_MAX_MB,
  };
}

let loaded: Config | undefined;

/** The process-wide configuration, parsed on first use. */
export function getConfig(): Config {
  // The one place that reads the process environment.
  loaded ??= parseConfig(process.env);
  return loaded;
}

/**
 * Settings that work but are worth a warning at start. In production without PUBLIC_URL, links
 * are built from each request's Host header and cookies are not `Secure` (decision 0021).
 */
export function configWarnings(config: Config): string[] {
  if (config.env !== "production" || config.publicUrl) return [];
  return [
    "PUBLIC_URL is unset: share, invitation and canonical links use the Host each request names, and the session cookie is not Secure; set PUBLIC_URL to the address people use (docs/deploy.md)",
  ];
}
