/**
 * Test support for the transfer suites (not a test file itself): a fixture that fills every table
 * with awkward but deterministic rows, a full read of every table, gzip line editing, and a local
 * s3rver (loopback, temp dir) like the storage contract's.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Insertable } from "kysely";
import { s3rverEnv, startS3rver } from "../../../tests/support/s3rver";
import type { AppContext } from "../context";
import type { Database } from "../db/types";
import { folderKeys } from "../folders/folder-keys";
import { TRANSFER_TABLES } from "./tables";

const T0 = Date.parse("2026-02-01T08:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const uuid = (kind: number, n: number) => `00000000-0000-4000-8${String(kind).padStart(3, "0")}-${String(n).padStart(12, "0")}`;
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

export const FIXTURE_FILES = [
  {
    key: "documents/2026/02/1769932800000-aaaaaaaa-0000-4000-8000-000000000001.pdf",
    bytes: Buffer.from("%PDF-1.4\n% fixture report\n%%EOF\n"),
  },
  {
    key: "documents/2026/02/1769932800000-aaaaaaaa-0000-4000-8000-000000000002.csv",
    bytes: Buffer.from("site,households\nBaidoa – Horseed,120\n"),
  },
  {
    key: "documents/2026/02/1769932800000-aaaaaaaa-0000-4000-8000-000000000003.txt",
    bytes: Buffer.from("Annex: Xaaladda barakacayaasha 🙂\n"),
  },
  {
    // A dashboard thumbnail: the transfer carries these files like documents' (decision 0011).
    key: "dashboard-thumbnails/2026/02/1769932800000-aaaaaaaa-0000-4000-8000-000000000004.webp",
    bytes: Buffer.from("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00", "latin1"),
  },
] as const;

type Rows<T extends keyof Database> = Insertable<Database[T]>[];

/**
 * Rows in every table: quotes, newlines, non-Latin text and emoji, empty strings, nulls, the
 * largest 32-bit integer, keys whose order differs between collations, and more activity rows
 * than one page. Files named by rows are stored in `ctx.storage` with their real size and sha256.
 */
export async function seedEveryTable(ctx: AppContext, options: { activityRows?: number } = {}): Promise<void> {
  const db = ctx.db.kysely;
  for (const file of FIXTURE_FILES) await ctx.storage.put(file.key, Readable.from([file.bytes]));
  const [pdf, csv, txt, thumbnail] = FIXTURE_FILES;

  const users: Rows<"users"> = [
    {
      id: uuid(1, 1),
      email: "amina@example.org",
      name: 'Amina "Ami" Hassan\nBaidoa',
      organization: "CCCM – Somalia",
      role: "admin",
      password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
      is_active: 1,
      login_count: 2147483647,
      last_login_at: at(5),
      created_at: at(0),
      updated_at: at(5),
    },
    {
      id: uuid(1, 2),
      email: "editor@example.org",
      name: "",
      organization: null,
      role: "editor",
      password_hash: null,
      is_active: 0,
      login_count: 0,
      last_login_at: null,
      created_at: at(1),
      updated_at: at(1),
    },
    {
      id: uuid(1, 3),
      email: "viewer@example.org",
      name: null,
      organization: null,
      role: "user",
      password_hash: null,
      is_active: 1,
      login_count: 1,
      last_login_at: null,
      created_at: at(2),
      updated_at: at(2),
    },
  ];
  await db.insertInto("users").values(users).execute();
  await db
    .insertInto("sessions")
    .values([
      {
        id: sha256("session-1"),
        user_id: uuid(1, 1),
        created_at: at(5),
        last_seen_at: at(6),
        expires_at: at(600),
        ip_address: "203.0.113.5",
        user_agent: 'Mozilla/5.0 (X11; Linux) "quoted"',
      },
      {
        id: sha256("session-2"),
        user_id: uuid(1, 2),
        created_at: at(7),
        last_seen_at: at(7),
        expires_at: at(607),
        ip_address: null,
        user_agent: null,
      },
    ])
    .execute();
  await db
    .insertInto("login_throttle")
    .values([
      { key: "email:zoe@example.org", failures: 2, window_started_at: at(3), blocked_until: null },
      { key: "Email:Upper@example.org", failures: 1, window_started_at: at(3), blocked_until: null },
      { key: "ip:::1", failures: 5, window_started_at: at(4), blocked_until: at(19) },
      { key: "ip:10.0.0.1", failures: 1, window_started_at: at(4), blocked_until: null },
      { key: "email:a-b@example.org", failures: 1, window_started_at: at(4), blocked_until: null },
      { key: "email:ab@example.org", failures: 1, window_started_at: at(4), blocked_until: null },
    ])
    .execute();
  await db
    .insertInto("one_time_tokens")
    .values([
      { id: sha256("setup"), purpose: "admin-setup", user_id: null, expires_at: at(60), used_at: at(10), created_at: at(0) },
      { id: sha256("invite"), purpose: "set-password", user_id: uuid(1, 2), expires_at: at(1440), used_at: null, created_at: at(8) },
    ])
    .execute();
  // A sealed key is opaque text to a dump: it moves as it is, with its last accepted time step.
  await db
    .insertInto("two_factor")
    .values({ user_id: uuid(1, 1), secret: "v1.aXY.dGFn.Ym9keQ", enabled_at: at(9), last_step: 59_000_123, created_at: at(8) })
    .execute();
  await db
    .insertInto("recovery_codes")
    .values([
      { code_hash: sha256("recovery-1"), user_id: uuid(1, 1), used_at: null, created_at: at(9) },
      { code_hash: sha256("recovery-2"), user_id: uuid(1, 1), used_at: at(12), created_at: at(9) },
    ])
    .execute();
  await db
    .insertInto("folders")
    .values([
      {
        id: uuid(2, 1),
        name: "Safety Audits",
        description: "Findings & tools",
        ...folderKeys("Safety Audits", "Findings & tools"),
        is_public: 1,
        share_token: "tok_Folder-1",
        view_count: 12,
        created_by_id: uuid(1, 1),
        created_at: at(10),
        updated_at: at(11),
      },
      {
        id: uuid(2, 2),
        name: "Net 2.0",
        description: null,
        ...folderKeys("Net 2.0", null),
        is_public: 0,
        share_token: null,
        view_count: 0,
        created_by_id: null,
        created_at: at(12),
        updated_at: at(12),
      },
    ])
    .execute();
  const document = (
    n: number,
    file: (typeof FIXTURE_FILES)[number] | null,
    extra: Partial<Insertable<Database["documents"]>>,
  ): Insertable<Database["documents"]> => ({
    id: uuid(3, n),
    title: `Fixture document ${n}`,
    description: null,
    category: "Report",
    tags: "[]",
    file_path: file?.key ?? null,
    original_filename: file ? path.basename(file.key) : null,
    size: file?.bytes.length ?? null,
    mime_type: null,
    file_ext: file ? path.extname(file.key).slice(1) : null,
    sha256: file ? sha256(file.bytes) : null,
    folder_id: null,
    published: 1,
    share_token: null,
    view_count: 0,
    download_count: 0,
    partner: null,
    sectors: "[]",
    locations: "[]",
    uploaded_by: null,
    created_at: at(20 + n),
    updated_at: at(20 + n),
    ...extra,
  });
  await db
    .insertInto("documents")
    .values([
      document(1, pdf, {
        description: "Guddiga goobta – “site committee”\nline two",
        tags: '["Baidoa","Site Monitoring"]',
        mime_type: "application/pdf",
        folder_id: uuid(2, 1),
        uploaded_by: uuid(1, 1),
        view_count: 7,
        download_count: 3,
        sectors: '["CCCM","WASH"]',
        locations: '["Bay"]',
        partner: "IOM",
      }),
      document(2, csv, { category: "Template", mime_type: "text/csv", published: 0, share_token: "shareTok_2" }),
      document(3, null, { category: "Other", title: "No file yet" }),
    ])
    .execute();
  await db
    .insertInto("document_attachments")
    .values([
      {
        id: uuid(4, 1),
        document_id: uuid(3, 1),
        label: "Annex A",
        file_path: txt.key,
        file_type: "TXT",
        file_size: txt.bytes.length,
        mime_type: "text/plain",
        sha256: sha256(txt.bytes),
        display_order: 0,
        created_at: at(30),
      },
      {
        id: uuid(4, 2),
        document_id: uuid(3, 1),
        label: "Same file, second label",
        file_path: txt.key,
        file_type: null,
        file_size: null,
        mime_type: null,
        sha256: null,
        display_order: 1,
        created_at: at(31),
      },
    ])
    .execute();
  await db
    .insertInto("dashboards")
    .values([
      {
        id: uuid(5, 1),
        title: "Site Monitoring",
        description: null,
        type: "site_monitoring",
        category: "monitoring",
        provider: "POWERBI",
        url: "https://dashboards.example.org/a",
        embed_url: "https://dashboards.example.org/a?embed=true",
        thumbnail_url: null,
        thumbnail_key: thumbnail.key,
        thumbnail_width: 1,
        thumbnail_height: 1,
        thumbnail_size: thumbnail.bytes.length,
        thumbnail_sha256: sha256(thumbnail.bytes),
        file_path: null,
        org_id: null,
        is_public: 1,
        display_order: 0,
        created_by: uuid(1, 1),
        created_at: at(40),
        updated_at: at(40),
      },
      {
        id: uuid(5, 2),
        title: "Hidden",
        description: "",
        type: "other",
        category: null,
        provider: "EXTERNAL",
        url: null,
        embed_url: null,
        thumbnail_url: "https://example.org/t.png",
        file_path: null,
        org_id: "org-1",
        is_public: 0,
        display_order: 1,
        created_by: null,
        created_at: at(41),
        updated_at: at(41),
      },
    ])
    .execute();
  await db
    .insertInto("navigation_menu")
    .values([
      { id: uuid(6, 1), title: "Home", url: "/", icon: "home", display_order: 0, is_active: 1 },
      { id: uuid(6, 2), title: "Old page", url: "/old?x=1&y=2", icon: null, display_order: 1, is_active: 0 },
    ])
    .execute();
  await db
    .insertInto("contact_info")
    .values([
      { id: uuid(7, 1), label: "General", value: "info@example.org", type: "email", display_order: 0, is_public: 1 },
      { id: uuid(7, 2), label: "Phone", value: "+252 61 000 0000", type: "phone", display_order: 1, is_public: 0 },
    ])
    .execute();
  const activity = Array.from({ length: options.activityRows ?? 1203 }, (_, i) => ({
    id: uuid(8, i + 1),
    action: i % 3 === 0 ? "VIEW_DOCUMENT" : "LOGIN_FAILED",
    entity_type: i % 3 === 0 ? "DOCUMENT" : "SECURITY",
    entity_id: i % 3 === 0 ? uuid(3, 1) : null,
    user_id: i % 5 === 0 ? uuid(1, 1) : null,
    details: JSON.stringify({ n: i, email: `who${i}@example.org`, note: 'tab\tquote" backslash\\' }),
    ip_address: i % 2 ? "203.0.113.9" : null,
    user_agent: null,
    created_at: at(100 + i),
  }));
  for (let i = 0; i < activity.length; i += 200)
    await db
      .insertInto("activity_logs")
      .values(activity.slice(i, i + 200))
      .execute();
  await db
    .insertInto("settings")
    .values([
      { key: "site_name", value: JSON.stringify("CCCM Somalia – Portal"), updated_at: at(50), updated_by: uuid(1, 1) },
      { key: "site-name", value: "{}", updated_at: at(50), updated_by: null },
      { key: "Signing.Secret", value: JSON.stringify("c2VjcmV0"), updated_at: at(50), updated_by: null },
      { key: "maintenance", value: "false", updated_at: at(51), updated_by: uuid(1, 2) },
    ])
    .execute();
  await db
    .insertInto("jobs")
    .values([
      {
        id: uuid(9, 1),
        kind: "remove-test-document",
        payload: JSON.stringify({ documentId: uuid(3, 3) }),
        status: "queued",
        run_at: at(70),
        attempts: 0,
        locked_at: null,
        locked_by: null,
        last_error: null,
        created_at: at(69),
      },
      {
        id: uuid(9, 2),
        kind: "remove-test-document",
        payload: "{}",
        status: "failed",
        run_at: at(71),
        attempts: 5,
        locked_at: at(72),
        locked_by: "host:123:abc",
        last_error: "Error: gone\n    at x",
        created_at: at(70),
      },
    ])
    .execute();
}

export type TableContents = Record<string, Record<string, unknown>[]>;

/** Every row of every table, sorted by primary key in code-point order (the same on both engines). */
export async function readEveryTable(ctx: AppContext): Promise<TableContents> {
  const db = ctx.db.kysely as unknown as import("kysely").Kysely<Record<string, Record<string, unknown>>>;
  const out: TableContents = {};
  for (const { name, key } of TRANSFER_TABLES) {
    const rows = await db.selectFrom(name).selectAll().execute();
    out[name] = rows.sort((a, b) => (String(a[key]) < String(b[key]) ? -1 : String(a[key]) > String(b[key]) ? 1 : 0));
  }
  return out;
}

/** Rewrites a gzip'd line file through `edit` (tests make damaged and tampered dumps with it). */
export async function editGzipLines(file: string, edit: (lines: string[]) => string[]): Promise<void> {
  const lines = gunzipSync(await fs.readFile(file))
    .toString("utf8")
    .split("\n")
    .slice(0, -1);
  await fs.writeFile(
    file,
    gzipSync(
      Buffer.from(
        edit(lines)
          .map((l) => `${l}\n`)
          .join(""),
      ),
    ),
  );
}

export async function readGzipText(file: string): Promise<string> {
  return gunzipSync(await fs.readFile(file)).toString("utf8");
}

export interface LocalS3 {
  /** Environment for createTestApp that points S3 storage at this server. */
  env(bucket: string): Record<string, string>;
  stop(): Promise<void>;
}

/** An S3-compatible server on loopback (tests/support/s3rver.ts), storing under a temp dir removed by `stop`. */
export async function startLocalS3(): Promise<LocalS3> {
  const server = await startS3rver();
  return { env: (bucket) => s3rverEnv(server.endpoint, bucket), stop: () => server.stop() };
}
