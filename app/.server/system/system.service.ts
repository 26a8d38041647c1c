import { msg } from "@lingui/core/macro";
import pkg from "../../../package.json";
import { type LogEntry, latestActivity } from "../activity/logs";
import { activeSessionCount } from "../auth/sessions";
import type { AppContext } from "../context";
import { type MigrationStatus, migrationStatus } from "../db/migrate";
import { documentCount } from "../documents/documents.service";
import { checkHealth } from "../health";
import { serverI18n } from "../i18n/i18n";
import { userCount } from "../users/users.service";
import { countTable, selectStoredBytes, TABLES, type TableName } from "./system.queries";

/**
 * The admin dashboard's cards and System Status panel and the Database page, all from real
 * values (ARCHITECTURE.md section 4): nothing here is a sample number.
 */

/** The version of this build: package.json's, embedded in the server bundle at build time. */
export const PORTAL_VERSION: string = pkg.version;

export interface SystemStatus {
  engine: "SQLite" | "PostgreSQL";
  databaseBytes: number;
  /** Total size of the stored documents' files and attachments. */
  storageBytes: number;
  /** Where files are kept, in words: "local disk" or "S3-compatible storage", in the request's language. */
  storageDriver: string;
  uptimeSeconds: number;
  version: string;
}

export interface HealthSummary {
  healthy: boolean;
  /** What failed, as "Database: <reason>"; empty when healthy. */
  problems: string[];
}

export interface DashboardOverview {
  documents: number;
  /** Only for admins: editors see the content cards (ARCHITECTURE.md section 4). */
  admin: {
    users: number;
    activeSessions: number;
    health: HealthSummary;
    recent: LogEntry[];
    status: SystemStatus;
  } | null;
}

export function engineName(ctx: AppContext): SystemStatus["engine"] {
  return ctx.db.engine === "postgres" ? "PostgreSQL" : "SQLite";
}

export async function systemStatus(ctx: AppContext): Promise<SystemStatus> {
  const [databaseBytes, storageBytes] = await Promise.all([ctx.db.sizeBytes(), selectStoredBytes(ctx.db.kysely)]);
  return {
    engine: engineName(ctx),
    databaseBytes,
    storageBytes,
    storageDriver: ctx.storage.driver === "s3" ? serverI18n()._(msg`S3-compatible storage`) : serverI18n()._(msg`local disk`),
    uptimeSeconds: Math.floor(process.uptime()),
    version: PORTAL_VERSION,
  };
}

/** The checks of /healthz (without writing to storage), as "Healthy" or the list of what failed. */
export async function healthSummary(ctx: AppContext): Promise<HealthSummary> {
  const report = await checkHealth(ctx, { activeProbes: false });
  const i18n = serverI18n();
  const parts = {
    [i18n._(msg`Database`)]: report.db,
    [i18n._(msg`Migrations`)]: report.migrations,
    [i18n._(msg`Storage`)]: report.storage,
    [i18n._(msg`Live events`)]: report.events,
  };
  const problems = Object.entries(parts)
    .filter(([, value]) => !value.startsWith("ok"))
    .map(([name, value]) => `${name}: ${value.replace(/^error: /, "")}`);
  return { healthy: problems.length === 0, problems };
}

export async function dashboardOverview(ctx: AppContext, viewer: { admin: boolean }): Promise<DashboardOverview> {
  if (!viewer.admin) return { documents: await documentCount(ctx), admin: null };
  const [documents, users, activeSessions, health, recent, status] = await Promise.all([
    documentCount(ctx),
    userCount(ctx),
    activeSessionCount(ctx),
    healthSummary(ctx),
    latestActivity(ctx, 5),
    systemStatus(ctx),
  ]);
  return { documents, admin: { users, activeSessions, health, recent, status } };
}

export interface DatabaseOverview {
  engine: SystemStatus["engine"];
  sizeBytes: number;
  tables: Array<{ name: TableName; rows: number }>;
  migrations: Array<{ name: string; appliedAt: string | null }>;
}

export async function databaseOverview(ctx: AppContext): Promise<DatabaseOverview> {
  const [sizeBytes, counts, migrations] = await Promise.all([
    ctx.db.sizeBytes(),
    Promise.all(TABLES.map(async (name) => ({ name, rows: await countTable(ctx.db.kysely, name) }))),
    migrationStatus(ctx.db.kysely, ctx.db.engine),
  ]);
  return {
    engine: engineName(ctx),
    sizeBytes,
    tables: counts,
    migrations: migrations.map((m: MigrationStatus) => ({ name: m.name, appliedAt: m.executedAt?.toISOString() ?? null })),
  };
}
