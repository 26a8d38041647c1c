import { FileText, Users } from "lucide-react";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { documentCount } from "~/.server/documents/documents.service";
import { userCount } from "~/.server/users/users.service";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const ctx = app();
  const [users, documents] = await Promise.all([userCount(ctx), documentCount(ctx)]);
  return { users, documents };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const cards = [
    { label: "Total Users", value: loaderData.users, Icon: Users },
    { label: "Documents", value: loaderData.documents, Icon: FileText },
  ];
  return (
    <>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(({ label, value, Icon }) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="flex items-center gap-2 text-sm text-slate-600">
              <Icon aria-hidden className="h-4 w-4" />
              {label}
            </dt>
            <dd className="mt-2 text-3xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
