import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import {
  decodeRepeatedly,
  decodeUrl,
  isMailchimpClick,
  MAX_URL_LENGTH,
  resultNotes,
  TRACKING_PARAMETERS,
  URL_DECODER_MESSAGES,
  urlDecoderHref,
} from "./url-cleaner";
import { decodeProblem } from "./url-decoder-problems";

function clean(input: string) {
  const outcome = decodeUrl(input);
  if (!outcome.ok) throw new Error(`expected a result for ${input}, got ${outcome.message}`);
  return outcome.result;
}

describe("decodeUrl: input checks", () => {
  it("asks for a URL when the input is empty or blank", () => {
    for (const input of ["", "   ", "\n\t", null, undefined]) {
      expect(decodeUrl(input)).toEqual({ ok: false, message: "Please enter a URL to decode" });
    }
    expect(URL_DECODER_MESSAGES.empty).toBe("Please enter a URL to decode");
  });

  it("fails with the spec's message for text that is not a URL, even after decoding", () => {
    for (const input of ["not a url", "hello", "http//missing-colon", "%%%", "%E0%A4%A", "://nothing", "http://"]) {
      expect(decodeUrl(input)).toEqual({ ok: false, message: "Error: Failed to decode URL" });
    }
  });

  it("gives a refusal's title and description in the page's language", () => {
    const en = i18nFor("en");
    expect(decodeProblem(URL_DECODER_MESSAGES.empty, en)).toEqual({ title: "Please enter a URL to decode", description: null });
    expect(decodeProblem(URL_DECODER_MESSAGES.failed, en)).toEqual({ title: "Error", description: "Failed to decode URL" });
    expect(decodeProblem(URL_DECODER_MESSAGES.failed, i18nFor("so")).description).not.toBe("Failed to decode URL");
  });

  it("refuses absurdly long input", () => {
    expect(decodeUrl(`https://example.org/?q=${"a".repeat(MAX_URL_LENGTH)}`)).toEqual({ ok: false, message: URL_DECODER_MESSAGES.failed });
  });
});

describe("decodeUrl: decoding", () => {
  it("decodes a fully percent-encoded URL until it is one", () => {
    const r = clean("https%3A%2F%2Fexample.org%2Freports%3Fid%3D7");
    expect(r.cleaned).toBe("https://example.org/reports?id=7");
    expect(r.decoded).toBe("https://example.org/reports?id=7");
  });

  it("decodes double and triple encoding, and stops after a bounded number of rounds", () => {
    expect(clean("https%253A%252F%252Fexample.org%252F").cleaned).toBe("https://example.org/");
    expect(clean("https%25253A%25252F%25252Fexample.org").cleaned).toBe("https://example.org/");
    let deep = "https://example.org/";
    for (let i = 0; i < 12; i++) deep = encodeURIComponent(deep);
    expect(decodeUrl(deep)).toEqual({ ok: false, message: URL_DECODER_MESSAGES.failed });
    expect(decodeRepeatedly("%2541")).toBe("A");
    expect(decodeRepeatedly("a%2525252525252541").startsWith("a%")).toBe(true);
  });

  it("shows the decoded form of a URL that was already valid, keeping the link itself encoded", () => {
    const r = clean("https://example.org/files/Site%20List%202024.pdf?q=caf%C3%A9");
    expect(r.decoded).toBe("https://example.org/files/Site List 2024.pdf?q=café");
    expect(r.cleaned).toBe("https://example.org/files/Site%20List%202024.pdf?q=caf%C3%A9");
  });

  it("keeps malformed percent sequences instead of failing", () => {
    const r = clean("https://example.org/a%ZZb%41?x=%E0%A4%A");
    expect(r.decoded).toBe("https://example.org/a%ZZbA?x=%E0%A4%A");
    expect(r.cleaned).toContain("example.org/a%ZZb%41");
  });

  it("accepts an address without a scheme, as copied from an address bar, and strips quotes and brackets", () => {
    expect(clean("www.example.org/page?utm_source=news").cleaned).toBe("https://www.example.org/page");
    expect(clean("<https://example.org/x?gclid=1>").cleaned).toBe("https://example.org/x");
    expect(clean('"https://example.org/y"').cleaned).toBe("https://example.org/y");
    expect(clean("https://en.example.org/wiki/Camp_(site)").cleaned).toBe("https://en.example.org/wiki/Camp_(site)");
  });
});

describe("decodeUrl: tracking parameters", () => {
  it("strips every parameter of the spec's list and keeps the others in order, with their encoding", () => {
    const tracking = TRACKING_PARAMETERS.map((p, i) => `${p}=v${i}`).join("&");
    const r = clean(`https://example.org/report?id=42&${tracking}&lang=en&q=a%26b+c#section-2`);
    expect(r.cleaned).toBe("https://example.org/report?id=42&lang=en&q=a%26b+c#section-2");
    expect(r.removed).toEqual([...TRACKING_PARAMETERS]);
    expect(TRACKING_PARAMETERS).toHaveLength(15);
  });

  it("removes the question mark when nothing is left, and matches names case-insensitively and when encoded", () => {
    expect(clean("https://example.org/?UTM_Source=x&Medium=y").cleaned).toBe("https://example.org/");
    expect(clean("https://example.org/p?utm%5Fsource=x&a=1").cleaned).toBe("https://example.org/p?a=1");
    expect(clean("https://example.org/p?fbclid").cleaned).toBe("https://example.org/p");
    expect(clean("https://example.org/p?&&a=1&&").cleaned).toBe("https://example.org/p?a=1");
  });

  it("keeps parameters that only resemble tracking ones", () => {
    const r = clean("https://example.org/p?utm=1&sources=2&referrer=3&my_ref=4");
    expect(r.cleaned).toBe("https://example.org/p?utm=1&sources=2&referrer=3&my_ref=4");
    expect(r.removed).toEqual([]);
  });

  it("leaves a clean URL as it was", () => {
    const r = clean("https://cccm.example.org/document/3f1c");
    expect(r).toMatchObject({
      cleaned: "https://cccm.example.org/document/3f1c",
      removed: [],
      safelinks: false,
      mailchimp: false,
      linkable: true,
    });
  });
});

describe("decodeUrl: Outlook safelinks", () => {
  const target = "https://reliefweb.example.org/report/somalia/cccm-update?utm_source=mail&id=9";
  const safelink = (host: string, url: string) =>
    `https://${host}/?url=${encodeURIComponent(url)}&data=05%7C02%7Cx%40y&sdata=abc%3D&reserved=0`;

  it("unwraps the embedded url parameter, whatever the regional host, then cleans it", () => {
    for (const host of [
      "nam12.safelinks.protection.outlook.com",
      "eur01.safelinks.protection.outlook.com",
      "safelinks.protection.outlook.com",
    ]) {
      const r = clean(safelink(host, target));
      expect(r.safelinks).toBe(true);
      expect(r.cleaned).toBe("https://reliefweb.example.org/report/somalia/cccm-update?id=9");
      expect(r.removed).toEqual(["utm_source"]);
      expect(r.decoded).toContain("url=https://reliefweb.example.org/report/somalia/cccm-update?utm_source=mail&id=9");
    }
  });

  it("unwraps nested safelinks and a doubly encoded target", () => {
    const inner = safelink("nam02.safelinks.protection.outlook.com", target);
    expect(clean(safelink("eur03.safelinks.protection.outlook.com", inner)).cleaned).toBe(
      "https://reliefweb.example.org/report/somalia/cccm-update?id=9",
    );
    const doubly = `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent(encodeURIComponent(target))}`;
    expect(clean(doubly).cleaned).toBe("https://reliefweb.example.org/report/somalia/cccm-update?id=9");
  });

  it("does not treat look-alike hosts or a missing url parameter as safelinks", () => {
    const lookalike = clean(`https://safelinks.protection.outlook.com.evil.example/?url=${encodeURIComponent(target)}`);
    expect(lookalike.safelinks).toBe(false);
    expect(lookalike.cleaned.startsWith("https://safelinks.protection.outlook.com.evil.example/")).toBe(true);
    const empty = clean("https://nam12.safelinks.protection.outlook.com/?data=1");
    expect(empty).toMatchObject({ safelinks: false, cleaned: "https://nam12.safelinks.protection.outlook.com/?data=1" });
  });

  it("never makes a link of a javascript: or data: destination", () => {
    const js = clean(`https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent("javascript:alert(document.cookie)")}`);
    expect(js).toMatchObject({ safelinks: true, linkable: false, cleaned: "javascript:alert(document.cookie)" });
    expect(clean("javascript:alert(1)").linkable).toBe(false);
    expect(clean("data:text/html,<script>alert(1)</script>").linkable).toBe(false);
    expect(clean("JaVaScRiPt%3Aalert(1)").linkable).toBe(false);
    expect(clean("http://example.org").linkable).toBe(true);
  });
});

describe("decodeUrl: MailChimp click tracking", () => {
  const click = "https://cccmcluster.us5.list-manage.com/track/click?u=0123abcd&id=4567ef&e=89ab";

  it("recognises the click-tracking link and leaves it as it is (it is not followed)", () => {
    const r = clean(click);
    expect(r).toMatchObject({ mailchimp: true, safelinks: false, cleaned: click, removed: [], linkable: true });
  });

  it("recognises it behind safelinks too, and only on list-manage.com's /track/click", () => {
    expect(clean(`https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent(click)}`)).toMatchObject({
      mailchimp: true,
      safelinks: true,
    });
    expect(isMailchimpClick(new URL("https://us5.list-manage.com/subscribe?u=1"))).toBe(false);
    expect(isMailchimpClick(new URL("https://list-manage.com.evil.example/track/click?u=1"))).toBe(false);
    expect(isMailchimpClick(new URL("https://US5.LIST-MANAGE.COM/Track/Click?u=1"))).toBe(true);
  });
});

describe("urlDecoderHref", () => {
  it("puts the URL into the tool page's query, encoded", () => {
    expect(urlDecoderHref("https://example.org/?a=1&b=2")).toBe("/tools/url-decoder?url=https%3A%2F%2Fexample.org%2F%3Fa%3D1%26b%3D2");
  });
});

describe("resultNotes", () => {
  it("says what was unwrapped and removed, or that nothing was, and when the result is no link", () => {
    const safelink = `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent("https://example.org/a?utm_source=x")}`;
    expect(resultNotes(clean(safelink))).toEqual(["safelinks", "removed"]);
    expect(resultNotes(clean("https://example.org/a?id=1"))).toEqual(["none"]);
    expect(resultNotes(clean("https://us5.list-manage.com/track/click?u=1&id=2"))).toEqual(["mailchimp"]);
    expect(resultNotes(clean("javascript:alert(1)"))).toEqual(["none", "notLinkable"]);
  });
});
