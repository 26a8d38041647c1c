import { msg } from "@lingui/core/macro";
import type { MiddlewareFunction } from "react-router";
import { serverI18n } from "../i18n/i18n";
import { isUploadRoute } from "./body-limit";

/**
 * A form body that cannot be read (a multipart body cut short, a boundary that never comes) is
 * refused with 400 before any action runs: each action reading `request.formData()` would
 * otherwise fail with a 500 (issue 12, item 5). Bodies here are at most 64 KB (body-limit.ts), so
 * reading a copy first costs little; upload routes stream theirs and report their own errors.
 */
export const formGuard: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const isForm = type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
  if (!isForm || isUploadRoute(new URL(request.url).pathname)) return next();
  try {
    await request.clone().formData();
  } catch {
    return new Response(serverI18n()._(msg`Bad Request: the form could not be read.`), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return next();
};
