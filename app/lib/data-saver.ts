/**
 * Data-saver mode (issue 13 item 5, decision 0030): for readers on slow, costly links. On when the
 * browser sends `Save-Data: on`, or when the reader turned it on with the switch (a cookie, set
 * without JavaScript by a form post); the cookie also turns it off when the browser asks for it,
 * so a reader can choose. In it: no thumbnails or other images, no live-updates stream, no
 * dashboard loads by itself, and the text view is offered first.
 */
export const DATA_SAVER_COOKIE = "data_saver";
export const DATA_SAVER_COOKIE_MAX_AGE = 365 * 24 * 60 * 60; // a year: a reader's device stays on its link

/** The switch's address (routes/preferences-data-saver.ts). */
export const DATA_SAVER_ACTION = "/preferences/data-saver";

/**
 * Whether a `Save-Data` header asks to save data. Its one defined value is `on` (the Save-Data
 * client hint); anything else, or no header, does not.
 */
export function saveDataRequested(header: string | null | undefined): boolean {
  return header?.trim().toLowerCase() === "on";
}

/** Whether a cookie value is one the switch sets: the reader's choice, "on" or "off". */
export function isDataSaverChoice(value: string | null | undefined): value is "on" | "off" {
  return value === "on" || value === "off";
}

/**
 * The one decision: the reader's choice in the cookie wins ("on" or "off"); without one (or with a
 * value this version does not know), the browser's `Save-Data` header decides.
 */
export function isDataSaverOn({ saveData, cookie }: { saveData: string | null | undefined; cookie: string | null | undefined }): boolean {
  return isDataSaverChoice(cookie) ? cookie === "on" : saveDataRequested(saveData);
}

/** The switch's cookie: readable by the page's script too (nothing secret), kept a year. */
export function dataSaverCookie(on: boolean): string {
  return `${DATA_SAVER_COOKIE}=${on ? "on" : "off"}; Path=/; Max-Age=${DATA_SAVER_COOKIE_MAX_AGE}; SameSite=Lax`;
}
