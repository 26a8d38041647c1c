import { useLingui } from "@lingui/react/macro";
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "~/lib/password-policy";
import { Field } from "../ui/field";

/**
 * A new password and its confirmation, the same on every form that sets one (first admin,
 * invitation, reset, change). Nothing stops pasting or a password manager (autocomplete
 * "new-password"); the server checks the rule and answers with the field's message.
 */
export function NewPasswordFields({
  label,
  errors,
}: {
  /** Translated by the caller; "New password" without it. */
  label?: string;
  errors?: { password?: string; confirm?: string } | null;
}) {
  const { t } = useLingui();
  return (
    <>
      <Field
        id="password"
        label={label ?? t`New password`}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={t(PASSWORD_HINT)}
        error={errors?.password}
      />
      <Field id="confirm" label={t`Confirm password`} type="password" autoComplete="new-password" required error={errors?.confirm} />
    </>
  );
}
