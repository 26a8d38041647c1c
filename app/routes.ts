import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    layout("routes/public/library-layout.tsx", [route("documents", "routes/public/documents.tsx")]),
    route("reports", "routes/public/reports.tsx"),
    route("guidelines", "routes/public/guidelines.tsx"),
    route("standards", "routes/public/standards.tsx"),
    // One public document view for every address a document may be shared under (ARCHITECTURE.md section 4).
    route("document/:id", "routes/public/document-detail.tsx", { id: "document-detail" }),
    route("document/:id/text", "routes/public/document-text.tsx"),
    route("public-document/:id", "routes/public/document-detail.tsx", { id: "public-document" }),
    route("shared/document/:idOrToken", "routes/public/document-detail.tsx", { id: "shared-document" }),
    route("dashboards", "routes/public/dashboards.tsx"),
    route("dashboards/:id", "routes/public/dashboard-view.tsx"),
    route("shared/folder/:token", "routes/public/shared-folder.tsx"),
    route("about", "routes/public/about.tsx"),
    // The public API for developers, readable without JavaScript (decision 0035).
    route("api", "routes/public/api-docs.tsx"),
    // Public tool, no sign-in (admin-and-sharing section 2).
    route("tools/url-decoder", "routes/tools/url-decoder.tsx"),
    route("unauthorized", "routes/public/unauthorized.tsx"),
    // Offline reading (decision 0036): what this device keeps, and what the service worker shows when a page is not kept.
    route("saved", "routes/public/saved.tsx"),
    route("offline", "routes/public/offline.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    // The second sign-in step of an account with two-factor sign-in (a code or a recovery code).
    route("login/code", "routes/admin/login-code.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("setup", "routes/admin/setup.tsx"),
    // The admin page's session status and refresh (JSON), and the invited person's set-password page.
    route("session", "routes/admin/session.ts"),
    route("set-password", "routes/admin/set-password.tsx"),
    // A one-time password reset link an admin made (valid 1 hour).
    route("reset-password", "routes/admin/reset-password.tsx"),
    // "Download all" of the folder view: its published files as one ZIP (decision 0033).
    route("folders/:id/zip", "routes/admin/folder-zip.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("documents", "routes/admin/documents.tsx"),
      route("users", "routes/admin/users.tsx"),
      // An admin makes a one-time password reset link for an account (with confirmation, also without JavaScript).
      route("users/:id/reset-password", "routes/admin/user-reset-link.tsx"),
      // Every staff member changes their own password.
      route("account/password", "routes/admin/change-password.tsx"),
      // Set up, turn off, new recovery codes: two-factor sign-in for one's own account.
      route("account/two-factor", "routes/admin/two-factor.tsx"),
      route("security", "routes/admin/security.tsx"),
      // Folders (issue 4 items 7-8): list, quick setup, uploads, folder view; share links. Pages without JavaScript whose actions also serve the dialogs.
      route("folders", "routes/admin/folders.tsx"),
      route("folders/new", "routes/admin/folder-new.tsx"),
      route("folders/quick-setup", "routes/admin/folders-quick-setup.tsx"),
      route("folders/upload", "routes/admin/folders-upload.tsx"),
      route("folders/bulk-upload", "routes/admin/folders-bulk-upload.tsx"),
      route("folders/:id", "routes/admin/folder-view.tsx"),
      route("folders/:id/delete", "routes/admin/folder-delete.tsx"),
      route("shareable-links", "routes/admin/shareable-links.tsx"),
      // Document editing and deletion (pages without JavaScript; their actions also serve the dialogs).
      route("documents/:id/edit", "routes/admin/document-edit.tsx"),
      route("documents/:id/delete", "routes/admin/document-delete.tsx"),
      // Removing an attachment asks first (adding and relabelling post to the edit page).
      route("documents/:id/attachments/:attachmentId/delete", "routes/admin/document-attachment-delete.tsx"),
      route("dashboards", "routes/admin/dashboards.tsx"),
      route("dashboards/new", "routes/admin/dashboard-new.tsx"),
      route("dashboards/:id/edit", "routes/admin/dashboard-edit.tsx"),
      route("dashboards/:id/delete", "routes/admin/dashboard-delete.tsx"),
      // System screens, admins only (ARCHITECTURE.md section 4: analytics, settings and checks made real).
      route("analytics", "routes/admin/analytics.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("test", "routes/admin/test-suite.tsx"),
      route("logs", "routes/admin/logs.tsx"),
      route("database", "routes/admin/database.tsx"),
      route("database/backup", "routes/admin/database-backup.ts"),
      // Unknown admin paths go back to the dashboard (admin-and-sharing section 2).
      route("*", "routes/admin/unknown.tsx"),
    ]),
  ]),

  // File downloads: the current path and the legacy one (ARCHITECTURE.md section 4).
  route("api/documents/:id/download", "routes/api/document-download.ts", { id: "document-download" }),
  route("api/document/:id/download/file", "routes/api/document-download.ts", { id: "document-download-legacy" }),
  // The public JSON API (decision 0035): published data only, described at /api/openapi.json and /api.
  route("api/public/documents", "routes/api/public-documents.ts"),
  route("api/public/documents/facets", "routes/api/public-document-facets.ts"),
  route("api/public/documents/:id", "routes/api/public-document.ts"),
  route("api/public/dashboards", "routes/api/public-dashboards.ts"),
  route("api/public/dashboards/:id", "routes/api/public-dashboard.ts"),
  route("api/openapi.json", "routes/api/openapi-json.ts"),
  // "Download all" of a shared folder: its published files as one ZIP (decision 0033).
  route("shared/folder/:token/zip", "routes/api/shared-folder-zip.ts"),
  // Signed, short-lived file links for preview and download (ARCHITECTURE.md decision 6).
  route("api/files/:id", "routes/api/document-file.ts"),
  route("api/attachments/:id", "routes/api/attachment-file.ts"),
  // Dashboard thumbnails, cached by the version in their address (decision 0011).
  route("api/dashboards/:id/thumbnail", "routes/api/dashboard-thumbnail.ts"),
  route("api/documents/:id/thumbnail", "routes/api/document-thumbnail.ts"),
  // Live updates: server-sent events (ARCHITECTURE.md section 3).
  route("api/events", "routes/api/events.ts"),
  route("preferences/side-menu", "routes/preferences-side-menu.ts"),
  // For crawlers (decision 0032): what they may read, and every public address.
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route("sitemaps/:file", "routes/sitemap.ts", { id: "sitemap-file" }),
  // Atom and RSS of any public list's state (decision 0034): /feeds/atom?category=Report&q=…
  route("feeds/atom", "routes/feeds.ts", { id: "feed-atom" }),
  route("feeds/rss", "routes/feeds.ts", { id: "feed-rss" }),
  // Data-saver mode's switch (issue 13 item 5): a cookie set by a form post, so it works without JavaScript.
  route("preferences/data-saver", "routes/preferences-data-saver.ts"),
  // The language switch (issue 14): a cookie set by a plain form post, with or without JavaScript.
  route("preferences/language", "routes/preferences-language.ts"),
] satisfies RouteConfig;
