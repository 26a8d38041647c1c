import { Trans, useLingui } from "@lingui/react/macro";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { dashboardOverview } from "~/.server/system/system.service";
import { RecentActivity, type StatCard, StatCards, SystemStatus } from "~/components/admin/system/dashboard-panels";
import type { Route } from "./+types/dashboard";

/** Admins and editors land here; editors see only the content cards (ARCHITECTURE.md section 4). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const overview = await dashboardOverview(app(), { admin: session.user.role === "admin" });
  if (!overview.admin) return { documents: overview.documents, admin: null };
  const { users, activeSessions, health, recent, status } = overview.admin;
  return {
    documents: overview.documents,
    admin: {
      users,
      activeSessions,
      health,
      recent: recent.map((e) => ({ id: e.id, action: e.action, who: e.who, createdAt: e.createdAt })),
      status,
    },
  };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { documents, admin } = loaderData;
  const documentsCard: StatCard = { label: t`Documents`, value: documents, icon: "documents" };
  const cards: StatCard[] = admin
    ? [
        { label: t`Total Users`, value: admin.users, icon: "users" },
        documentsCard,
        { label: t`Active Sessions`, value: admin.activeSessions, icon: "sessions" },
        {
          label: t`System Health`,
          value: admin.health.healthy ? t`Healthy` : t`Problem`,
          note: admin.health.healthy ? undefined : admin.health.problems.join("; "),
          tone: admin.health.healthy ? "ok" : "problem",
          icon: "health",
        },
      ]
    : [documentsCard];
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans context="the admin portal's home page">Dashboard</Trans>
      </h1>
      <StatCards cards={cards} />
      {admin ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <RecentActivity entries={admin.recent} />
          <SystemStatus status={admin.status} />
        </div>
      ) : null}
    </>
  );
}
