import { randomUUID } from "node:crypto";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { app } from "../context";
import { readCookie, serializeCookie } from "./cookies";

/**
 * A one-shot message carried across a redirect (e.g. "Welcome to the admin
 * portal" after sign-in), read and cleared by the next page's loader.
 */
const FLASH_COOKIE = "portal_flash";

export function flashCookie(message: ToastMessage): string {
  const withId = { ...message, id: message.id ?? randomUUID() };
  return serializeCookie(FLASH_COOKIE, JSON.stringify(withId), { secure: app().config.secureCookies, maxAgeSeconds: 60 });
}

export function readFlash(request: Request): { message: ToastMessage | null; clearCookie: string | null } {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return { message: null, clearCookie: null };
  const clearCookie = serializeCookie(FLASH_COOKIE, "", { secure: app().config.secureCookies, maxAgeSeconds: 0 });
  try {
    const value = JSON.parse(raw) as Partial<ToastMessage>;
    if ((value.tone === "error" || value.tone === "success") && typeof value.title === "string") {
      return {
        message: {
          tone: value.tone,
          title: value.title,
          description: typeof value.description === "string" ? value.description : undefined,
          ...(typeof value.id === "string" && value.id.length <= 64 ? { id: value.id } : {}),
        },
        clearCookie,
      };
    }
  } catch {
    // A malformed flash is dropped.
  }
  return { message: null, clearCookie };
}
