import { app } from "../../context";
import { readCookie, serializeCookie } from "../../http/cookies";
import { SECOND_STEP_MS } from "./sign-in-step";

/** Carries the second sign-in step's token between the password form and the code form. */
export const SECOND_STEP_COOKIE = "portal_signin_step";

export function secondStepToken(request: Request): string | null {
  return readCookie(request, SECOND_STEP_COOKIE);
}

export function secondStepCookie(token: string): string {
  return serializeCookie(SECOND_STEP_COOKIE, token, { secure: app().config.secureCookies, maxAgeSeconds: SECOND_STEP_MS / 1000 });
}

export function clearedSecondStepCookie(): string {
  return serializeCookie(SECOND_STEP_COOKIE, "", { secure: app().config.secureCookies, maxAgeSeconds: 0 });
}
