/** Only same-site admin paths are followed after sign-in, never another origin ("//evil.example"). */
export function safeAdminRedirect(target: string | null | undefined): string {
  if (!target?.startsWith("/admin") || target.startsWith("//") || target.includes("\\")) return "/admin";
  if (target.startsWith("/admin/login") || target.startsWith("/admin/logout") || target.startsWith("/admin/setup")) return "/admin";
  return target;
}
