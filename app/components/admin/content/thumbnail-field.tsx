import { Trans, useLingui } from "@lingui/react/macro";
import { REMOVE_THUMBNAIL_FIELD, THUMBNAIL_ACCEPT, THUMBNAIL_FIELD, type ThumbnailImage } from "~/lib/dashboard-thumbnail";
import { inputClass, labelClass } from "../../ui/styles";

/**
 * The dashboard form's thumbnail: a file input, and on the edit page the current image with a
 * box to remove it. Choosing a new image replaces the current one (the box is then ignored).
 */
export function ThumbnailField({ id, current, invalid }: { id: string; current: ThumbnailImage | null; invalid: boolean }) {
  const { t } = useLingui();
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className={`${labelClass} px-1`}>
        <Trans>Thumbnail</Trans>
      </legend>
      {current ? (
        <div className="mb-3 flex flex-wrap items-end gap-4">
          <img
            src={current.src}
            alt={t`Current thumbnail`}
            width={current.width}
            height={current.height}
            className="h-24 w-auto rounded border border-slate-200 bg-slate-100 object-cover"
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={REMOVE_THUMBNAIL_FIELD} className="h-4 w-4 accent-brand-600" />
            <Trans>Remove thumbnail</Trans>
          </label>
        </div>
      ) : null}
      <label htmlFor={id} className="text-sm text-slate-700">
        {current ? t`Replace thumbnail image` : t`Thumbnail image`}
      </label>
      <input
        id={id}
        name={THUMBNAIL_FIELD}
        type="file"
        accept={THUMBNAIL_ACCEPT}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        className={`${inputClass} mt-1 ${invalid ? "border-red-600" : ""}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        <Trans>
          JPEG, PNG, GIF or WebP, up to 5MB. Shown on the dashboard cards; stored as a WebP at most 800 pixels wide, without the photo's
          details (camera, place).
        </Trans>
      </p>
    </fieldset>
  );
}
