import { Trans, useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { type DocumentFacetsInput, type FacetField, type FacetSuggestions, splitFacetList } from "~/lib/document-facets";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";

/** Empty boxes a list offers beyond its values, so one more value can be typed without JavaScript. */
const SPARE_BOXES = 2;

/**
 * Partner, sectors and locations: the same fields in every form that creates or edits a document
 * (upload, folder upload, bulk upload, the edit dialog and page). Plain inputs, so they work
 * without JavaScript: a sector or location per box (a box may also hold a comma-separated list),
 * each offering the values already stored through a <datalist>. With JavaScript a button adds a
 * box. Uncontrolled: a form that must clear them gives this a new `key`.
 */
export function FacetFields({
  initial,
  suggestions,
  invalid,
}: {
  initial: DocumentFacetsInput;
  suggestions: FacetSuggestions;
  /** The field a refusal is about, to mark it. */
  invalid?: FacetField | string | null;
}) {
  const id = useId();
  const { t } = useLingui();
  return (
    <div className="grid gap-4 sm:col-span-2 md:col-span-2">
      <div>
        <label htmlFor={`${id}-partner`} className={labelClass}>
          <Trans>
            Partner <span className="font-normal text-slate-600">(organisation, optional)</span>
          </Trans>
        </label>
        <input
          id={`${id}-partner`}
          name="partner"
          type="text"
          list={`${id}-partners`}
          autoComplete="off"
          defaultValue={initial.partner}
          aria-invalid={invalid === "partner" || undefined}
          className={`${inputClass} mt-1`}
        />
        <Suggestions id={`${id}-partners`} values={suggestions.partners} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ListBoxes
          name="sectors"
          legend={t`Sectors`}
          box={(n) => t`Sector ${n}`}
          add={t`Add another sector`}
          initial={initial.sectors}
          values={suggestions.sectors}
          invalid={invalid === "sectors"}
        />
        <ListBoxes
          name="locations"
          legend={t`Locations`}
          box={(n) => t`Location ${n}`}
          add={t`Add another location`}
          initial={initial.locations}
          values={suggestions.locations}
          invalid={invalid === "locations"}
        />
      </div>
    </div>
  );
}

function Suggestions({ id, values }: { id: string; values: string[] }) {
  return (
    <datalist id={id}>
      {values.map((v) => (
        <option key={v} value={v} />
      ))}
    </datalist>
  );
}

function ListBoxes({
  name,
  legend,
  box,
  add,
  initial,
  values,
  invalid,
}: {
  name: "sectors" | "locations";
  legend: string;
  /** A box's accessible name: "Sector 1". */
  box: (n: number) => string;
  /** The button adding a box: "Add another sector". */
  add: string;
  initial: string[];
  values: string[];
  invalid: boolean;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const start = splitFacetList(initial);
  const [count, setCount] = useState(start.length + SPARE_BOXES);
  return (
    <fieldset aria-invalid={invalid || undefined}>
      <legend className={labelClass}>
        {legend}{" "}
        <span className="font-normal text-slate-600">
          <Trans>(one per box, or several separated by commas)</Trans>
        </span>
      </legend>
      <div className="mt-1 grid gap-2">
        {Array.from({ length: count }, (_, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: boxes are only ever added at the end, never reordered
            key={i}
            name={name}
            type="text"
            list={`${id}-values`}
            autoComplete="off"
            aria-label={box(i + 1)}
            defaultValue={start[i] ?? ""}
            className={inputClass}
          />
        ))}
      </div>
      <Suggestions id={`${id}-values`} values={values} />
      {hydrated ? (
        <button type="button" className={`${buttonClass.ghost} mt-1`} onClick={() => setCount((n) => n + 1)}>
          <Plus aria-hidden className="h-4 w-4" />
          {add}
        </button>
      ) : null}
    </fieldset>
  );
}
