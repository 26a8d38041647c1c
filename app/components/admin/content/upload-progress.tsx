import { useLingui } from "@lingui/react";
import { useId } from "react";
import { uploadStage } from "~/lib/document-form";
import { stageLabel } from "./messages";

/** The upload's progress bar with the spec's stage labels (admin-and-sharing section 4). */
export function UploadProgress({ percent }: { percent: number }) {
  const id = useId();
  const { i18n } = useLingui();
  const label = stageLabel(uploadStage(percent), i18n);
  return (
    <div className="md:col-span-2">
      <div className="flex justify-between text-sm">
        {/* Only the stage is announced: four messages, not one per percent. */}
        <span id={id} className="font-medium" aria-live="polite">
          {label}
        </span>
        <span className="tabular-nums text-slate-600">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% — ${label}`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] ${percent === 100 ? "bg-green-600" : "bg-brand-600"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
