import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  CONTACT_LABEL_MAX,
  DISPLAY_ORDER_MAX,
  MENU_TITLE_MAX,
  SETTINGS_MESSAGES,
  SITE_DESCRIPTION_MAX,
  SITE_NAME_MAX,
} from "~/lib/site-settings";

/**
 * The Settings screen's checks (lib/site-settings.ts) in the admin's language: the rules compare
 * and return their messages in English; the action gives each field's message in the page's
 * language through this table (a unit test checks none is missing). Admin catalogue only.
 */

const nameMax = SITE_NAME_MAX;
const descriptionMax = SITE_DESCRIPTION_MAX;
const titleMax = MENU_TITLE_MAX;
const labelMax = CONTACT_LABEL_MAX;
const orderMax = DISPLAY_ORDER_MAX;
const M = SETTINGS_MESSAGES;

const KNOWN: Record<string, MessageDescriptor> = {
  [M.siteNameRequired]: msg`Site name is required`,
  [M.siteNameTooLong]: msg`Site name must be at most ${nameMax} characters`,
  [M.siteNameSoTooLong]: msg`Site name (Somali) must be at most ${nameMax} characters`,
  [M.siteDescriptionTooLong]: msg`Site description must be at most ${descriptionMax} characters`,
  [M.siteDescriptionSoTooLong]: msg`Site description (Somali) must be at most ${descriptionMax} characters`,
  [M.titleRequired]: msg`Title is required`,
  [M.titleTooLong]: msg`Title must be at most ${titleMax} characters`,
  [M.titleSoTooLong]: msg`Title (Somali) must be at most ${titleMax} characters`,
  [M.urlRequired]: msg`URL is required`,
  [M.urlUnsafe]: msg`Use a path such as /reports or an https:// address`,
  [M.iconChoice]: msg`Choose an icon from the list`,
  [M.displayOrder]: msg`Display order must be a whole number from 0 to ${orderMax}`,
  [M.labelRequired]: msg`Label is required`,
  [M.labelTooLong]: msg`Label must be at most ${labelMax} characters`,
  [M.labelSoTooLong]: msg`Label (Somali) must be at most ${labelMax} characters`,
  [M.typeChoice]: msg`Choose a type from the list`,
  [M.valueRequired]: msg`Value is required`,
  [M.valueTooLong]: msg`Value must be at most 200 characters`,
  [M.email]: msg`Please enter a valid email address`,
  [M.phone]: msg`Please enter a phone number such as +252 61 000 0000`,
};

export const KNOWN_SETTINGS_MESSAGES: readonly string[] = Object.keys(KNOWN);

/** A check's message in the page's language; one this table does not know, as it came. */
export function settingsMessage(english: string, i18n: I18n): string {
  const known = KNOWN[english];
  return known ? i18n._(known) : english;
}

/** Every field's message of a refused form, in the page's language. */
export function settingsErrors(errors: Record<string, string | undefined>, i18n: I18n): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message && settingsMessage(message, i18n)]));
}
