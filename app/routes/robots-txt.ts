import { app } from "~/.server/context";
import { siteOrigin } from "~/.server/http/origins";
import { textResponse } from "~/.server/sitemap/response";
import { robotsTxt } from "~/.server/sitemap/robots";
import type { Route } from "./+types/robots-txt";

/** GET /robots.txt: what crawlers may read, and where the sitemap is (decision 0032). */
export function loader({ request }: Route.LoaderArgs) {
  return textResponse(robotsTxt(siteOrigin(app().config, request)));
}
