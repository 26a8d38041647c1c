import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { StatusPage } from "~/components/layout/status-page";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/unauthorized";

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = pageI18n();
  return [{ title: siteTitle(matches, i18n._(msg`Access Denied`)) }, { name: "robots", content: "noindex" }];
};

export default function Unauthorized() {
  const { t } = useLingui();
  return (
    <StatusPage code="403" title={t`Access Denied`} action={{ to: "/", label: t`Back to the portal` }}>
      <p>
        <Trans>You do not have permission to access this page.</Trans>
      </p>
      <p className="mt-2 text-sm">
        <Trans>This incident has been logged.</Trans>
      </p>
    </StatusPage>
  );
}
