import type { LucideIcon } from "lucide-react";
import { LanguageSwitch } from "~/components/layout/language-switch";

/**
 * The card the signed-out admin pages share (sign-in, first-admin setup, set-password): centred
 * on a grey page, the language switch in its corner, an icon and a heading on top, the form below.
 * The caller translates the title and subtitle.
 */
export function AuthCard({
  icon: Icon,
  title,
  subtitle,
  narrow = false,
  children,
}: {
  icon: LucideIcon;
  title: string;
  subtitle?: string;
  /** The sign-in form is narrower than the forms that ask for more. */
  narrow?: boolean;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <div className={`w-full ${narrow ? "max-w-sm" : "max-w-md"} rounded-xl border border-slate-200 bg-white p-6 shadow-sm`}>
        <div className="-mr-2 -mt-2 flex justify-end">
          <LanguageSwitch />
        </div>
        <div className="flex flex-col items-center text-center">
          <span className="rounded-full bg-brand-100 p-3 text-brand-700">
            <Icon aria-hidden className="h-6 w-6" />
          </span>
          <h1 className="mt-3 text-xl font-semibold">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
