import { data } from "react-router";

/**
 * A form body that cannot be parsed (a boundary missing or never closed, a part cut short, a type
 * that is no form) is the client's fault: its route answers 400 rather than failing with a 500
 * (issue 12, item 5). Storage failures while a form is read stay server errors.
 */
export function malformedForm(): never {
  throw data("Bad Request: the form could not be read.", { status: 400 });
}
