import { app } from "~/.server/context";
import { siteOrigin } from "~/.server/http/origins";
import { xmlResponse } from "~/.server/sitemap/response";
import { sitemapFile, sitemapRoot } from "~/.server/sitemap/sitemap.service";
import type { Route } from "./+types/sitemap";

/**
 * GET /sitemap.xml (every public address, or the index once they pass 50,000) and
 * /sitemaps/:file (`1.xml`, `2.xml`…: the files of the index), decision 0032.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = app();
  const origin = siteOrigin(ctx.config, request);
  if (params.file === undefined) return xmlResponse(await sitemapRoot(ctx, origin));
  const n = /^([1-9]\d{0,5})\.xml$/.exec(params.file)?.[1];
  const file = n ? await sitemapFile(ctx, origin, Number(n)) : null;
  if (!file)
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return xmlResponse(file);
}
