import { AlertCircle, CheckCircle2 } from "lucide-react";

/** An inline message, rendered on the server so it shows without JavaScript too. */
export function Alert({ tone, title, children }: { tone: "error" | "success"; title: string; children?: React.ReactNode }) {
  const Icon = tone === "error" ? AlertCircle : CheckCircle2;
  const colours = tone === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-green-200 bg-green-50 text-green-900";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`flex gap-3 rounded-md border p-3 text-sm ${colours}`}>
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5">{children}</div> : null}
      </div>
    </div>
  );
}
