import { describe, expect, it } from "vitest";
import { readAtom, readRss } from "../../../tests/support/feed-rules";
import type { Feed } from "./feed.service";
import { atomXml, rfc822, rssXml } from "./xml";

const FEED: Feed = {
  title: "CCCM Somalia: Warbixinno: “a & b < c”",
  subtitle: "Subtitle",
  self: {
    atom: "https://portal.example.org/feeds/atom?q=a&category=Report",
    rss: "https://portal.example.org/feeds/rss?q=a&category=Report",
  },
  page: "https://portal.example.org/reports?q=a",
  updated: "2026-04-01T08:00:00.000Z",
  language: "so",
  entries: [
    {
      url: "https://portal.example.org/document/d1",
      title: "Title with \u0001 a control & <tag>",
      summary: null,
      category: { term: "Report", label: "Warbixin" },
      published: "2026-04-01T08:00:00.000Z",
      updated: "2026-04-02T09:30:05.000Z",
      enclosure: null,
    },
  ],
};

describe("feed XML", () => {
  it("writes RFC 822 dates in GMT with a four-digit year", () => {
    expect(rfc822("2026-04-01T08:00:00.000Z")).toBe("Wed, 01 Apr 2026 08:00:00 GMT");
    expect(rfc822("2025-12-31T23:59:59.999Z")).toBe("Wed, 31 Dec 2025 23:59:59 GMT");
  });

  it("escapes every value and drops what XML cannot carry, in both formats", () => {
    const atom = readAtom(atomXml(FEED));
    expect(atom.title).toBe(FEED.title);
    expect(atom.self).toBe(FEED.self.atom);
    expect(atom.entries[0]).toMatchObject({ title: "Title with  a control & <tag>", summary: "", enclosure: null });
    const rss = readRss(rssXml(FEED));
    expect(rss.self).toBe(FEED.self.rss);
    expect(rss.entries[0]).toMatchObject({ title: "Title with  a control & <tag>", published: "Wed, 01 Apr 2026 08:00:00 GMT" });
  });
});
