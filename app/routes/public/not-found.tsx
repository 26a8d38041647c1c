import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { StatusPage } from "~/components/layout/status-page";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = pageI18n();
  return [{ title: siteTitle(matches, i18n._(msg`Page not found`)) }, { name: "robots", content: "noindex" }];
};

/** Any unknown path: a real 404 status, rendered inside the public layout. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useLingui();
  return (
    <StatusPage code="404" title={t`Page not found`} action={{ to: "/", label: t`Go to the home page` }}>
      <p>
        <Trans>The page you're looking for doesn't exist or has been removed.</Trans>
      </p>
    </StatusPage>
  );
}
