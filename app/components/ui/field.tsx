import type { InputHTMLAttributes, ReactNode } from "react";
import { inputClass, labelClass } from "./styles";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "aria-invalid" | "aria-describedby">;

export interface FieldProps extends InputProps {
  id: string;
  label: ReactNode;
  /** Guidance under the input, read with it by screen readers. */
  hint?: ReactNode;
  /** The refused value's message (server-side validation); marks the input invalid. */
  error?: string | null;
  /** Classes of the wrapper, e.g. its place in a grid. */
  className?: string;
  /**
   * A control inside the input's box, at its end (the sign-in form's show-password button). null
   * keeps the box without a control (one that appears only once the page is interactive): the
   * input must keep its place when the control arrives, or React replaces it with an empty one and
   * what was typed before is lost.
   */
  trailing?: ReactNode;
}

/** A field's error message; nothing without one. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/**
 * One labelled input with its hint and its error, tied to it with aria-describedby, so every
 * form re-rendered by the server after a refused submission reads the same (and the same to a
 * screen reader). The input's name is its id unless given.
 */
export function Field({ id, name, label, hint, error, className, trailing, ...input }: FieldProps) {
  const boxed = trailing !== undefined;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const control = (
    <input
      id={id}
      name={name ?? id}
      {...input}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={`${inputClass} ${boxed ? "pr-10" : "mt-1"}`}
    />
  );
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {boxed ? (
        <div className="relative mt-1">
          {control}
          {trailing}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
