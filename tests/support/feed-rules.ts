import { parse, validate } from "fast-xml-parser";
import { expect } from "vitest";

/**
 * The feed rules the portal's feeds are held to (decision 0034), checked on the XML as a reader
 * gets it: well-formed (a real parser), then the elements RFC 4287 (Atom) and the RSS 2.0
 * specification require, dates in their formats, absolute addresses and unique ids.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** The parser leaves entities as written: decoded here, as a reader would. */
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith("#x")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? whole),
  );

type Node = Record<string, unknown>;

function read(xml: string): Node {
  const valid = validate(xml);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parse(xml, {
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseNodeValue: false,
    parseAttributeValue: false,
    trimValues: false,
    tagValueProcessor: (value) => decode(value),
    attrValueProcessor: (value) => decode(value),
    arrayMode: (tag) => ["entry", "item", "link", "category"].includes(tag),
  }) as Node;
}

const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? (value as Node[]) : [value as Node]);
const text = (value: unknown): string =>
  typeof value === "object" && value !== null ? String((value as Node)["#text"] ?? "") : String(value ?? "");

/** RFC 3339 date-time (Atom's Date construct). */
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;
/** RFC 822 date-time as RSS 2.0 uses it (four-digit year), in GMT. */
const RFC822 = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;

function absolute(url: string, what: string): void {
  expect(() => new URL(url), `${what}: ${url}`).not.toThrow();
  expect(new URL(url).href, what).toBe(url);
}

export interface FeedEntryRead {
  id: string;
  title: string;
  link: string;
  summary: string;
  category: { term: string; label: string };
  published: string;
  enclosure: { href: string; length: string; type: string } | null;
}

export interface FeedRead {
  title: string;
  self: string;
  alternate: string;
  entries: FeedEntryRead[];
}

/** An Atom document checked against RFC 4287's requirements; its content as a reader sees it. */
export function readAtom(xml: string): FeedRead {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const feed = read(xml).feed as Node;
  expect(feed, "the root is <feed>").toBeDefined();
  expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
  // atom:feed MUST have exactly one id, title, updated (4.1.1), an author (or every entry one), and SHOULD a self link.
  absolute(text(feed.id), "feed id");
  expect(text(feed.title)).not.toBe("");
  expect(text(feed.updated)).toMatch(RFC3339);
  expect(text((feed.author as Node)?.name)).not.toBe("");
  const links = list(feed.link);
  const self = links.filter((l) => l["@rel"] === "self");
  const alternate = links.filter((l) => l["@rel"] === "alternate");
  expect(self).toHaveLength(1);
  // At most one alternate link per type and language (4.1.1).
  expect(alternate).toHaveLength(1);
  for (const l of links) absolute(String(l["@href"]), "feed link");
  const ids = new Set<string>();
  const entries = list(feed.entry).map((entry) => {
    const id = text(entry.id);
    absolute(id, "entry id");
    expect(ids.has(id), `entry id ${id} is unique`).toBe(false);
    ids.add(id);
    expect(text(entry.title)).not.toBe("");
    expect(text(entry.updated)).toMatch(RFC3339);
    expect(text(entry.published)).toMatch(RFC3339);
    const entryLinks = list(entry.link);
    for (const l of entryLinks) absolute(String(l["@href"]), "entry link");
    const entryAlternate = entryLinks.filter((l) => l["@rel"] === "alternate");
    // Without content, an entry MUST have an alternate link (4.1.2).
    expect(entryAlternate).toHaveLength(1);
    const enclosure = entryLinks.find((l) => l["@rel"] === "enclosure");
    if (enclosure) {
      expect(String(enclosure["@length"])).toMatch(/^\d+$/);
      expect(String(enclosure["@type"])).toMatch(/^[\w.+-]+\/[\w.+-]+$/);
    }
    const categories = list(entry.category);
    expect(categories).toHaveLength(1);
    expect(String(categories[0]!["@term"])).not.toBe("");
    return {
      id,
      title: text(entry.title),
      link: String(entryAlternate[0]!["@href"]),
      summary: text(entry.summary),
      category: { term: String(categories[0]!["@term"]), label: String(categories[0]!["@label"] ?? "") },
      published: text(entry.published),
      enclosure: enclosure
        ? { href: String(enclosure["@href"]), length: String(enclosure["@length"]), type: String(enclosure["@type"]) }
        : null,
    };
  });
  return { title: text(feed.title), self: String(self[0]!["@href"]), alternate: String(alternate[0]!["@href"]), entries };
}

/** An RSS 2.0 document checked against the specification's requirements; its content as a reader sees it. */
export function readRss(xml: string): FeedRead {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const rss = read(xml).rss as Node;
  expect(rss, "the root is <rss>").toBeDefined();
  expect(rss["@version"]).toBe("2.0");
  const channel = rss.channel as Node;
  // A channel's required elements: title, link, description.
  expect(text(channel.title)).not.toBe("");
  absolute(text(list(channel.link)[0]), "channel link");
  expect(text(channel.description)).not.toBe("");
  expect(text(channel.lastBuildDate)).toMatch(RFC822);
  const self = list(channel["atom:link"]).filter((l) => l["@rel"] === "self");
  expect(rss["@xmlns:atom"]).toBe("http://www.w3.org/2005/Atom");
  expect(self).toHaveLength(1);
  absolute(String(self[0]!["@href"]), "atom:link self");
  const guids = new Set<string>();
  const entries = list(channel.item).map((item) => {
    // An item has a title or a description; the portal gives both (when there is a description).
    expect(text(item.title)).not.toBe("");
    const link = text(list(item.link)[0]);
    absolute(link, "item link");
    const guid = item.guid as Node;
    expect(guid["@isPermaLink"]).toBe("true");
    const id = text(guid);
    absolute(id, "guid");
    expect(guids.has(id), `guid ${id} is unique`).toBe(false);
    guids.add(id);
    expect(text(item.pubDate)).toMatch(RFC822);
    const enclosure = item.enclosure as Node | undefined;
    if (enclosure) {
      // All three attributes are required.
      absolute(String(enclosure["@url"]), "enclosure url");
      expect(String(enclosure["@length"])).toMatch(/^\d+$/);
      expect(String(enclosure["@type"])).toMatch(/^[\w.+-]+\/[\w.+-]+$/);
    }
    const categories = list(item.category);
    expect(categories).toHaveLength(1);
    return {
      id,
      title: text(item.title),
      link,
      summary: text(item.description),
      category: { term: text(categories[0]), label: text(categories[0]) },
      published: text(item.pubDate),
      enclosure: enclosure
        ? { href: String(enclosure["@url"]), length: String(enclosure["@length"]), type: String(enclosure["@type"]) }
        : null,
    };
  });
  return { title: text(channel.title), self: String(self[0]!["@href"]), alternate: text(list(channel.link)[0]), entries };
}
