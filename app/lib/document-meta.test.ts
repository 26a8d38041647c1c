import { describe, expect, it } from "vitest";
import { clipText, contentSize, type DocumentMetaInput, documentJsonLd, documentMetaTags, ogLocale } from "./document-meta";

const input = (over: Partial<DocumentMetaInput> = {}): DocumentMetaInput => ({
  document: {
    id: "doc-1",
    title: "Kismayo Site Verification </script><script>alert(1)</script> \u2028 Q1",
    category: "Report",
    tags: ["Site Monitoring", "Kismayo"],
    created_at: "2026-02-14T09:00:00.000Z",
    updated_at: "2026-03-01T10:30:00.000Z",
    size: 2_516_582,
    has_file: true,
    extension: "pdf",
    language: "so",
  },
  description: "Verification of IDP sites in Kismayo.",
  url: "https://portal.example.org/document/doc-1",
  image: { url: "https://portal.example.org/api/documents/doc-1/thumbnail?v=abc", width: 320, height: 452, alt: "First page" },
  siteName: "CCCM Somalia",
  language: "en",
  ...over,
});

const property = (tags: ReturnType<typeof documentMetaTags>, name: string) =>
  tags.filter((t) => "property" in t && t.property === name).map((t) => (t as { content: string }).content);

describe("documentMetaTags", () => {
  it("gives Open Graph, the canonical address, a Twitter card and one JSON-LD", () => {
    const tags = documentMetaTags(input());
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://portal.example.org/document/doc-1" });
    expect(property(tags, "og:type")).toEqual(["article"]);
    expect(property(tags, "og:url")).toEqual(["https://portal.example.org/document/doc-1"]);
    expect(property(tags, "og:title")).toEqual([input().document.title]);
    expect(property(tags, "og:site_name")).toEqual(["CCCM Somalia"]);
    expect(property(tags, "og:locale")).toEqual(["en_GB"]);
    expect(property(tags, "og:image")).toEqual(["https://portal.example.org/api/documents/doc-1/thumbnail?v=abc"]);
    expect(property(tags, "og:image:width")).toEqual(["320"]);
    expect(property(tags, "article:modified_time")).toEqual(["2026-03-01T10:30:00.000Z"]);
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(tags.filter((t) => "script:ld+json" in t)).toHaveLength(1);
  });

  it("has no image tags without a thumbnail, and the reader's language as og:locale", () => {
    const tags = documentMetaTags(input({ image: null, language: "so" }));
    expect(property(tags, "og:image")).toEqual([]);
    expect(property(tags, "og:image:alt")).toEqual([]);
    expect(property(tags, "og:locale")).toEqual(["so_SO"]);
  });
});

describe("documentJsonLd", () => {
  it("describes the document as schema.org data", () => {
    expect(documentJsonLd(input())).toEqual({
      "@context": "https://schema.org",
      "@type": "Report",
      "@id": "https://portal.example.org/document/doc-1",
      url: "https://portal.example.org/document/doc-1",
      name: input().document.title,
      description: "Verification of IDP sites in Kismayo.",
      datePublished: "2026-02-14T09:00:00.000Z",
      dateModified: "2026-03-01T10:30:00.000Z",
      genre: "Report",
      inLanguage: "so",
      keywords: ["Site Monitoring", "Kismayo"],
      image: "https://portal.example.org/api/documents/doc-1/thumbnail?v=abc",
      isAccessibleForFree: true,
      publisher: { "@type": "Organization", name: "CCCM Somalia", url: "https://portal.example.org/" },
      encoding: { "@type": "MediaObject", encodingFormat: "application/pdf", contentSize: "2.4 MB" },
    });
  });

  it("leaves out what is not known: no file, no tags, no picture, a language of no code; other kinds are DigitalDocuments", () => {
    const base = input();
    const ld = documentJsonLd(
      input({
        document: { ...base.document, category: "Guideline", tags: [], has_file: false, size: null, extension: null, language: "other" },
        image: null,
      }),
    );
    expect(ld).not.toHaveProperty("inLanguage");
    expect(ld["@type"]).toBe("DigitalDocument");
    expect(ld).not.toHaveProperty("keywords");
    expect(ld).not.toHaveProperty("image");
    expect(ld).not.toHaveProperty("encoding");
  });

  it("survives JSON with what would end a script element, as React Router writes it", () => {
    // React Router's `script:ld+json` escapes these as JSON escapes (its escapeHtml); the same
    // replacement here shows the result parses back to the same data and carries no markup.
    const json = JSON.stringify(documentJsonLd(input())).replace(
      /[&><\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    expect(json).not.toMatch(/<\/script|<script|\u2028/i);
    expect(JSON.parse(json)).toEqual(documentJsonLd(input()));
  });
});

describe("helpers", () => {
  it("clips a long description at a word with an ellipsis, and flattens white space", () => {
    expect(clipText("a  b\n\nc")).toBe("a b c");
    const long = "word ".repeat(100);
    const clipped = clipText(long, 50);
    expect(clipped.length).toBeLessThanOrEqual(50);
    expect(clipped).toMatch(/word…$/);
  });

  it("sizes and locales", () => {
    expect(contentSize(2_516_582)).toBe("2.4 MB");
    expect(contentSize(870_400)).toBe("0.8 MB");
    expect(contentSize(50_000)).toBe("49 KB");
    expect(contentSize(10)).toBe("1 KB");
    expect(ogLocale("en-XA")).toBe("en_GB");
    expect(ogLocale("so")).toBe("so_SO");
  });
});
