import { FEED_TYPES, type FeedFormat } from "~/lib/feeds";

/**
 * A feed's answer. `no-cache`: readers and proxies may keep it but must ask again each time
 * (the ETag makes that a 304 when nothing changed), so a document unpublished a moment ago is
 * never served from a copy (issue 15 item 2). The anonymous page cache (decision 0029) keeps the
 * rendered feed meanwhile: every live event empties it, unpublishing included.
 */
export function feedResponse(format: FeedFormat, xml: string): Response {
  return new Response(xml, {
    headers: {
      "Content-Type": `${FEED_TYPES[format]}; charset=utf-8`,
      "Cache-Control": "public, no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
