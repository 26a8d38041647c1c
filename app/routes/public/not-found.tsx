import { data } from "react-router";
import { StatusPage } from "~/components/layout/status-page";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "Page not found") },
  { name: "robots", content: "noindex" },
];

/** Any unknown path: a real 404 status, rendered inside the public layout. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <StatusPage code="404" title="Page not found" action={{ to: "/", label: "Go to the home page" }}>
      <p>The page you're looking for doesn't exist or has been removed.</p>
    </StatusPage>
  );
}
