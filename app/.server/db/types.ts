import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";
import type { DocumentLanguage } from "~/lib/document-language";

/**
 * The database schema shared by SQLite and PostgreSQL (decision 0002):
 * ids are text UUIDs, timestamps ISO-8601 UTC text, booleans integers 0/1 and
 * lists JSON text, so both engines return the same JavaScript values.
 */
type Flag = ColumnType<number, number | undefined, number>;
type Count = ColumnType<number, number | undefined, number>;
type Timestamp = string;

export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  organization: string | null;
  role: "admin" | "editor" | "user";
  password_hash: string | null;
  is_active: Flag;
  login_count: Count;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An account's TOTP enrolment (migration 0011); `enabled_at` null while pending. */
export interface TwoFactorTable {
  user_id: string;
  /** The TOTP key, sealed (app/.server/auth/two-factor/secret-box.ts). */
  secret: string;
  enabled_at: Timestamp | null;
  /** The last accepted 30-second time step: a code of this step or an earlier one is refused. */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** Single-use recovery codes, stored as their sha256 only. */
export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** sha256 of the cookie's token, so a leaked database holds no usable session. */
  id: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
}

export interface LoginThrottleTable {
  /** "email:<normalised e-mail>" or "ip:<address>". */
  key: string;
  failures: number;
  window_started_at: Timestamp;
  blocked_until: Timestamp | null;
}

export interface OneTimeTokensTable {
  /** sha256 of the token. */
  id: string;
  purpose: "admin-setup" | "set-password" | "password-reset" | "two-factor-sign-in";
  user_id: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface FoldersTable {
  id: string;
  name: string;
  description: string | null;
  /** The name and the name with the description, folded for sorting and search (folders/folder-keys.ts). */
  name_key: string;
  search_key: string;
  is_public: Flag;
  share_token: string | null;
  view_count: Count;
  created_by_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DocumentsTable {
  id: string;
  title: string;
  description: string | null;
  category: string;
  /** The language the document is written in ('en', 'so', 'other'; lib/document-language.ts); English when not given. */
  language: ColumnType<DocumentLanguage, DocumentLanguage | undefined, DocumentLanguage>;
  /** JSON array of strings, in the order the editor gave them. */
  tags: string;
  file_path: string | null;
  original_filename: string | null;
  size: number | null;
  mime_type: string | null;
  file_ext: string | null;
  sha256: string | null;
  folder_id: string | null;
  published: Flag;
  share_token: string | null;
  view_count: Count;
  download_count: Count;
  partner: string | null;
  /** JSON arrays of strings. */
  sectors: string;
  locations: string;
  uploaded_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When a download or the file check last found the stored file gone; null when found or not yet looked for. */
  file_missing_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface DocumentAttachmentsTable {
  id: string;
  document_id: string;
  label: string;
  file_path: string;
  file_type: string | null;
  file_size: number | null;
  mime_type: string | null;
  sha256: string | null;
  display_order: Count;
  created_at: Timestamp;
}

/**
 * One row per partner, sector or location of a document (migration 0004): what the forms'
 * suggestions and the faceted search read through an index. Written with the document's own
 * columns, in the same transaction.
 */
export interface DocumentFacetsTable {
  id: string;
  document_id: string;
  facet: "partner" | "sector" | "location" | "tag";
  /** The stored spelling. */
  value: string;
  /** The value lower-cased: what "the same value" means. */
  value_key: string;
}

export interface DashboardsTable {
  id: string;
  title: string;
  description: string | null;
  type: string;
  category: string | null;
  provider: string;
  url: string | null;
  embed_url: string | null;
  /** An external https image from the old data model (imports); staff upload thumbnails instead. */
  thumbnail_url: string | null;
  /** The uploaded thumbnail (WebP made by the app): storage key, pixel size, byte size, sha256. */
  thumbnail_key: string | null;
  thumbnail_width: number | null;
  thumbnail_height: number | null;
  thumbnail_size: number | null;
  thumbnail_sha256: string | null;
  file_path: string | null;
  org_id: string | null;
  is_public: Flag;
  display_order: Count;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NavigationMenuTable {
  id: string;
  title: string;
  /** The title in Somali (migration 0013); null: Somali readers see `title`. */
  title_so: string | null;
  url: string;
  icon: string | null;
  display_order: Count;
  is_active: Flag;
}

export interface ContactInfoTable {
  id: string;
  label: string;
  /** The label in Somali (migration 0013); null: Somali readers see `label`. */
  label_so: string | null;
  value: string;
  type: string;
  display_order: Count;
  is_public: Flag;
}

export interface ActivityLogsTable {
  id: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  user_id: string | null;
  /** JSON object. */
  details: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  /** JSON value. */
  value: string;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON object. */
  payload: string;
  status: "queued" | "running" | "done" | "failed";
  run_at: Timestamp;
  attempts: Count;
  locked_at: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
}

export type TextUnit = "page" | "slide" | "sheet" | "whole";

/** What reading a stored file found (issue 11, decision 0020); one row per stored file of a document. */
export interface FileContentsTable {
  /** The file's storage key (documents.file_path or document_attachments.file_path). */
  file_key: string;
  document_id: string;
  /** The attachment this file is, or null for the document's own file. */
  attachment_id: string | null;
  status: "queued" | "done" | "failed";
  /** Why reading failed or was cut short, in words a person reads ("Encrypted PDF"); null when done in full. */
  reason: string | null;
  page_count: number | null;
  /** What a page of file_text_pages is in this file: a PDF page, a slide, a sheet, or the whole text (no pages). */
  text_unit: TextUnit | null;
  text_chars: Count;
  /** 1 when the text was cut at the limit. */
  text_truncated: Flag;
  /** The first page as WebP in storage, or null (no thumbnail: the type's placeholder). */
  thumbnail_key: string | null;
  thumbnail_width: number | null;
  thumbnail_height: number | null;
  thumbnail_size: number | null;
  thumbnail_sha256: string | null;
  processed_at: Timestamp | null;
  created_at: Timestamp;
}

/** The text of one page of a stored file (a slide, a sheet, or the whole of a text file). */
export interface FileTextPagesTable {
  /** `{file_key}#{page}` (zero-padded): one key a dump can page by, in page order. */
  id: string;
  file_key: string;
  document_id: string;
  page: number;
  text: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  one_time_tokens: OneTimeTokensTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  folders: FoldersTable;
  documents: DocumentsTable;
  document_attachments: DocumentAttachmentsTable;
  document_facets: DocumentFacetsTable;
  file_contents: FileContentsTable;
  file_text_pages: FileTextPagesTable;
  dashboards: DashboardsTable;
  navigation_menu: NavigationMenuTable;
  contact_info: ContactInfoTable;
  activity_logs: ActivityLogsTable;
  settings: SettingsTable;
  jobs: JobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type DocumentUpdate = Updateable<DocumentsTable>;
export type FileContentsRow = Selectable<FileContentsTable>;
export type FileTextPageRow = Selectable<FileTextPagesTable>;
export type ActivityLogRow = Selectable<ActivityLogsTable>;
