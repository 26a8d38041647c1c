import { Field, FieldError } from "../../ui/field";
import { inputClass, labelClass } from "../../ui/styles";

/** The state an action hands back to re-render one form after a refused submission. */
export interface FormState {
  intent: string;
  /** The row the form was about (menu item or contact), or null for an add or the settings form. */
  id: string | null;
  errors: Record<string, string | undefined>;
  fields: Record<string, string> | null;
}

/** This form's refused state, when the last submission was this form's. */
export function stateFor(state: FormState | null | undefined, intent: string, id: string | null = null): FormState | null {
  return state && state.intent === intent && state.id === id ? state : null;
}

interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  type?: "text" | "number" | "email";
  required?: boolean;
  maxLength?: number;
  className?: string;
  hint?: string;
}

/** The settings forms' text field: the shared Field, whole non-negative numbers for type "number". */
export function TextField({ type = "text", ...props }: TextFieldProps) {
  return <Field {...props} type={type} min={type === "number" ? 0 : undefined} step={type === "number" ? 1 : undefined} />;
}

export function SelectField({
  id,
  name,
  label,
  defaultValue,
  options,
  error,
  className,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  /** The values sent, each with its label (translated by the caller). */
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} mt-1`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A checkbox presented as an on/off switch; an unchecked box sends nothing, which the server reads as off. */
export function Switch({
  id,
  name,
  label,
  defaultChecked,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  defaultChecked: boolean;
  hint?: string;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
      />
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
