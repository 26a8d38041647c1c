import { Link } from "react-router";

/** A full-width message page (404, Access Denied) inside the public layout. */
export function StatusPage({
  code,
  title,
  children,
  action,
}: {
  code: string;
  title: string;
  children: React.ReactNode;
  action: { to: string; label: string };
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-5xl font-bold text-brand-700">{code}</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <div className="mt-2 text-slate-700">{children}</div>
      <Link to={action.to} className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        {action.label}
      </Link>
    </div>
  );
}
