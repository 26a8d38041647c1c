/**
 * The URL decoder's refusals in a page's language (url-cleaner.ts gives them in English, as the
 * outcome's `message`): apart, so that url-cleaner.ts stays free of Lingui for the page's script.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { URL_DECODER_MESSAGES } from "./url-cleaner";

const PROBLEMS: Record<string, { title: MessageDescriptor; description: MessageDescriptor | null }> = {
  [URL_DECODER_MESSAGES.empty]: { title: msg`Please enter a URL to decode`, description: null },
  [URL_DECODER_MESSAGES.failed]: { title: msg`Error`, description: msg`Failed to decode URL` },
};

/** A refusal's title and description ("Error" / "Failed to decode URL") in the page's language. */
export function decodeProblem(message: string, i18n: I18n): { title: string; description: string | null } {
  const problem = PROBLEMS[message];
  if (!problem) return { title: message, description: null };
  return { title: i18n._(problem.title), description: problem.description ? i18n._(problem.description) : null };
}
