import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("documents", "routes/public/documents.tsx"),
    // [lists] reports, guidelines, standards
    // [detail] document detail and shared document
    // [dashboards] dashboards and the embed page
    // [shared-folder] shared folder
    // [pages] about, unauthorized
  ]),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("setup", "routes/admin/setup.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("documents", "routes/admin/documents.tsx"),
      // Unknown admin paths go back to the dashboard (admin-and-sharing section 2).
      route("*", "routes/admin/unknown.tsx"),
    ]),
  ]),

  // File downloads: the current path and the legacy one (ARCHITECTURE.md section 4).
  route("api/documents/:id/download", "routes/api/document-download.ts", { id: "document-download" }),
  route("api/document/:id/download/file", "routes/api/document-download.ts", { id: "document-download-legacy" }),
  // [api-lists] public JSON
  // [api-detail] signed file links for preview and download
  // [api-events] server-sent events

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
