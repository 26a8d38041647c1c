import { app } from "~/.server/context";
import { readFeed } from "~/.server/feeds/feed.service";
import { feedResponse } from "~/.server/feeds/response";
import { atomXml, rssXml } from "~/.server/feeds/xml";
import { siteOrigin } from "~/.server/http/origins";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { feedLanguage } from "~/lib/feeds";
import type { Route } from "./+types/feeds";

/**
 * GET /feeds/atom and /feeds/rss (issue 15 item 2, decision 0034): the newest published documents
 * of any list's state (its query string), as Atom or RSS 2.0. The feed's own texts are in the
 * language its address names (`lang`: a feed reader sends no cookie), else the request's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = app();
  const url = new URL(request.url);
  const format = url.pathname.endsWith("/rss") ? "rss" : "atom";
  const i18n = i18nFor(feedLanguage(url.searchParams) ?? requestLanguage(request));
  const feed = await readFeed(ctx, url.searchParams, siteOrigin(ctx.config, request), i18n);
  return feedResponse(format, format === "atom" ? atomXml(feed) : rssXml(feed));
}
