import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { ABOUT_SECTIONS, ABOUT_TEXT_MAX, type AboutSection, type AboutText, DEFAULT_ABOUT } from "~/lib/about-text";
import { FieldError } from "../../ui/field";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import type { FormState } from "./form-bits";

/** The sections' names, as the public About tabs call them. */
const SECTION_LABELS: Record<AboutSection, MessageDescriptor> = {
  overview: msg`Overview`,
  keyTasks: msg`Key Tasks`,
  howToUse: msg`How to Use`,
};

/**
 * The About text (the /about page and the home page's About tabs): three plain-text sections in
 * one form, each with its own "Restore default" button (a plain submit, so it works without
 * JavaScript). No maxLength on the boxes: a pasted text past the cap is kept and the message says
 * by how much, rather than being cut silently.
 */
export function AboutEditor({ about, state }: { about: AboutText; state: FormState | null }) {
  const custom = ABOUT_SECTIONS.map((s) => s.key).filter((key) => about[key] !== DEFAULT_ABOUT[key]);
  const refused = state?.intent === "about-save" ? state : null;
  const { t } = useLingui();
  const max = ABOUT_TEXT_MAX;
  return (
    <section aria-labelledby="about-heading" className="mt-8">
      <h2 id="about-heading" className="text-lg font-semibold">
        <Trans>About page</Trans>
      </h2>
      <p id="about-format" className="mt-1 text-sm text-slate-700">
        <Trans>
          Plain text, shown on the About page and in the home page's About tabs. Leave an empty line between paragraphs; start a line with
          "- " for a list item, and begin an item with a short heading and a colon ("Find: ...") to show the heading in bold. At most {max}{" "}
          characters per section.
        </Trans>
      </p>
      <Form method="post" className="mt-4 space-y-5 rounded-lg border border-slate-200 bg-white p-4">
        {ABOUT_SECTIONS.map(({ key }) => {
          const error = refused?.errors[key];
          const label = t(SECTION_LABELS[key]);
          return (
            <div key={key}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <label htmlFor={`about-${key}`} className={labelClass}>
                  {label}
                </label>
                <span className="text-xs text-slate-600">{custom.includes(key) ? t`Edited` : t`Default text`}</span>
              </div>
              <textarea
                id={`about-${key}`}
                name={key}
                rows={key === "overview" ? 6 : 8}
                defaultValue={refused?.fields?.[key] ?? about[key]}
                aria-invalid={error ? true : undefined}
                aria-describedby={[error ? `about-${key}-error` : null, "about-format"].filter(Boolean).join(" ")}
                className={`${inputClass} mt-1 font-mono text-sm`}
              />
              <FieldError id={`about-${key}-error`} message={error} />
              {custom.includes(key) ? (
                <button type="submit" name="intent" value={`about-restore:${key}`} className={`${buttonClass.ghost} mt-1`}>
                  <Trans>Restore default {label}</Trans>
                </button>
              ) : null}
            </div>
          );
        })}
        <button type="submit" name="intent" value="about-save" className={buttonClass.primary}>
          <Trans>Save About text</Trans>
        </button>
      </Form>
    </section>
  );
}
