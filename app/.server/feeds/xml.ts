import { SITE_NAME } from "~/lib/site";
import { escapeXml } from "../sitemap/xml";
import type { Feed } from "./feed.service";

/**
 * A feed as Atom (RFC 4287) and as RSS 2.0 (with Atom's self link, as the RSS Advisory Board
 * recommends), written as text: a feed is fifty entries of a few fixed elements around escaped
 * values, so no XML library is needed (decision 0034). Escaping is the sitemap's (decision 0032):
 * the five entities, and characters XML cannot carry dropped.
 */

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const ATOM_NS = "http://www.w3.org/2005/Atom";

const x = escapeXml;

export function atomXml(feed: Feed): string {
  const lines = [
    DECLARATION,
    `<feed xmlns="${ATOM_NS}" xml:lang="${x(feed.language)}">\n`,
    `<id>${x(feed.self.atom)}</id>\n`,
    `<title>${x(feed.title)}</title>\n`,
    `<subtitle>${x(feed.subtitle)}</subtitle>\n`,
    `<updated>${feed.updated}</updated>\n`,
    `<link rel="self" type="application/atom+xml" href="${x(feed.self.atom)}"/>\n`,
    `<link rel="alternate" type="text/html" href="${x(feed.page)}"/>\n`,
    `<author><name>${x(SITE_NAME)}</name><uri>${x(new URL("/", feed.page).href)}</uri></author>\n`,
  ];
  for (const e of feed.entries) {
    lines.push(
      "<entry>",
      `<id>${x(e.url)}</id>`,
      `<title>${x(e.title)}</title>`,
      `<published>${e.published}</published>`,
      `<updated>${e.updated}</updated>`,
      `<link rel="alternate" type="text/html" href="${x(e.url)}"/>`,
      e.enclosure
        ? `<link rel="enclosure" type="${x(e.enclosure.type)}" length="${e.enclosure.length}" href="${x(e.enclosure.url)}"/>`
        : "",
      `<category term="${x(e.category.term)}" label="${x(e.category.label)}"/>`,
      e.summary ? `<summary type="text">${x(e.summary)}</summary>` : "",
      "</entry>\n",
    );
  }
  lines.push("</feed>\n");
  return lines.join("");
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** RFC 822 (with RFC 1123's four-digit year) in GMT: "Wed, 01 Apr 2026 08:00:00 GMT", as RSS 2.0 asks. */
export function rfc822(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${WEEKDAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(
    d.getUTCMinutes(),
  )}:${two(d.getUTCSeconds())} GMT`;
}

export function rssXml(feed: Feed): string {
  const lines = [
    DECLARATION,
    `<rss version="2.0" xmlns:atom="${ATOM_NS}">\n<channel>\n`,
    `<title>${x(feed.title)}</title>\n`,
    `<link>${x(feed.page)}</link>\n`,
    `<description>${x(feed.subtitle)}</description>\n`,
    `<language>${x(feed.language)}</language>\n`,
    `<lastBuildDate>${rfc822(feed.updated)}</lastBuildDate>\n`,
    `<atom:link rel="self" type="application/rss+xml" href="${x(feed.self.rss)}"/>\n`,
  ];
  for (const e of feed.entries) {
    lines.push(
      "<item>",
      `<title>${x(e.title)}</title>`,
      `<link>${x(e.url)}</link>`,
      e.summary ? `<description>${x(e.summary)}</description>` : "",
      `<guid isPermaLink="true">${x(e.url)}</guid>`,
      `<pubDate>${rfc822(e.published)}</pubDate>`,
      `<category>${x(e.category.label)}</category>`,
      e.enclosure ? `<enclosure url="${x(e.enclosure.url)}" length="${e.enclosure.length}" type="${x(e.enclosure.type)}"/>` : "",
      "</item>\n",
    );
  }
  lines.push("</channel>\n</rss>\n");
  return lines.join("");
}
