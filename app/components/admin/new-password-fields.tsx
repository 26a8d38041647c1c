import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "~/lib/password-policy";
import { Field } from "../ui/field";

/**
 * A new password and its confirmation, the same on every form that sets one (first admin,
 * invitation, reset, change). Nothing stops pasting or a password manager (autocomplete
 * "new-password"); the server checks the rule and answers with the field's message.
 */
export function NewPasswordFields({
  label = "New password",
  errors,
}: {
  label?: string;
  errors?: { password?: string; confirm?: string } | null;
}) {
  return (
    <>
      <Field
        id="password"
        label={label}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={PASSWORD_HINT}
        error={errors?.password}
      />
      <Field id="confirm" label="Confirm password" type="password" autoComplete="new-password" required error={errors?.confirm} />
    </>
  );
}
