import { CircleAlert, CircleCheck } from "lucide";
import { LineIcon } from "./line-icon";

/** An inline message, rendered on the server so it shows without JavaScript too. */
export function Alert({ tone, title, children }: { tone: "error" | "success"; title: string; children?: React.ReactNode }) {
  const icon = tone === "error" ? { name: "circle-alert", icon: CircleAlert } : { name: "circle-check", icon: CircleCheck };
  const colours = tone === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-green-200 bg-green-50 text-green-900";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`flex gap-3 rounded-md border p-3 text-sm ${colours}`}>
      <LineIcon {...icon} className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5">{children}</div> : null}
      </div>
    </div>
  );
}
