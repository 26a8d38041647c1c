import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { serverI18n } from "../i18n/i18n";

/**
 * A form body that cannot be parsed (a boundary missing or never closed, a part cut short, a type
 * that is no form) is the client's fault: its route answers 400 rather than failing with a 500
 * (issue 12, item 5). Storage failures while a form is read stay server errors.
 */
export function malformedForm(): never {
  throw data(serverI18n()._(msg`Bad Request: the form could not be read.`), { status: 400 });
}
