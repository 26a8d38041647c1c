import { type Kysely, sql } from "kysely";
import type { Engine } from "../client";

/**
 * The complete data model of both spec files (ARCHITECTURE.md section 4).
 * Written with the schema builder so it runs on SQLite and PostgreSQL; the
 * only engine branch is PostgreSQL's trigram index for substring search.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text")
    .addColumn("organization", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user").check(sql`role in ('admin', 'editor', 'user')`))
    .addColumn("password_hash", "text")
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("login_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_login_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_created_at_idx").on("users").column("created_at").execute();
  await db.schema.createIndex("users_role_idx").on("users").columns(["role", "is_active"]).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_idx").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "text", (c) => c.notNull())
    .addColumn("blocked_until", "text")
    .execute();

  await db.schema
    .createTable("one_time_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("folders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("share_token", "text", (c) => c.unique())
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("folders_name_idx").on("folders").column("name").execute();

  await db.schema
    .createTable("documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("category", "text", (c) => c.notNull().defaultTo("Other"))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("file_path", "text")
    .addColumn("original_filename", "text")
    .addColumn("size", "integer")
    .addColumn("mime_type", "text")
    .addColumn("file_ext", "text")
    .addColumn("sha256", "text")
    .addColumn("folder_id", "text", (c) => c.references("folders.id").onDelete("set null"))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("share_token", "text", (c) => c.unique())
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("download_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("partner", "text")
    .addColumn("sectors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("locations", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("uploaded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Public lists: published, newest first (library, latest publications), per category (reports...).
  await db.schema.createIndex("documents_published_created_idx").on("documents").columns(["published", "created_at"]).execute();
  await db.schema
    .createIndex("documents_category_published_created_idx")
    .on("documents")
    .columns(["category", "published", "created_at"])
    .execute();
  await db.schema.createIndex("documents_created_idx").on("documents").column("created_at").execute();
  await db.schema.createIndex("documents_folder_idx").on("documents").columns(["folder_id", "title"]).execute();
  if (engine === "postgres") {
    // Substring search (ILIKE '%q%') over search_text needs a trigram index in PostgreSQL.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index documents_search_trgm_idx on documents using gin (search_text gin_trgm_ops)`.execute(db);
  }

  await db.schema
    .createTable("document_attachments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("document_id", "text", (c) => c.notNull().references("documents.id").onDelete("cascade"))
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("file_path", "text", (c) => c.notNull())
    .addColumn("file_type", "text")
    .addColumn("file_size", "integer")
    .addColumn("mime_type", "text")
    .addColumn("sha256", "text")
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("document_attachments_document_idx")
    .on("document_attachments")
    .columns(["document_id", "display_order"])
    .execute();

  await db.schema
    .createTable("dashboards")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("type", "text", (c) => c.notNull().defaultTo("other"))
    .addColumn("category", "text")
    .addColumn("provider", "text", (c) => c.notNull().defaultTo("EXTERNAL"))
    .addColumn("url", "text")
    .addColumn("embed_url", "text")
    .addColumn("thumbnail_url", "text")
    .addColumn("file_path", "text")
    .addColumn("org_id", "text")
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("dashboards_public_order_idx").on("dashboards").columns(["is_public", "display_order"]).execute();

  await db.schema
    .createTable("navigation_menu")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("icon", "text")
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("navigation_menu_active_order_idx").on("navigation_menu").columns(["is_active", "display_order"]).execute();

  await db.schema
    .createTable("contact_info")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("email"))
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("contact_info_public_order_idx").on("contact_info").columns(["is_public", "display_order"]).execute();

  await db.schema
    .createTable("activity_logs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("activity_logs_created_idx").on("activity_logs").column("created_at").execute();
  await db.schema.createIndex("activity_logs_action_created_idx").on("activity_logs").columns(["action", "created_at"]).execute();
  await db.schema.createIndex("activity_logs_entity_idx").on("activity_logs").columns(["entity_type", "entity_id", "created_at"]).execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_at", "text")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_status_run_at_idx").on("jobs").columns(["status", "run_at"]).execute();
}
