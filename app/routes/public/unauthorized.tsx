import { StatusPage } from "~/components/layout/status-page";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/unauthorized";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Access Denied") },
  { name: "robots", content: "noindex" },
];

export default function Unauthorized() {
  return (
    <StatusPage code="403" title="Access Denied" action={{ to: "/", label: "Back to the portal" }}>
      <p>You do not have permission to access this page.</p>
      <p className="mt-2 text-sm">This incident has been logged.</p>
    </StatusPage>
  );
}
