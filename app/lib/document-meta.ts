import type { MetaDescriptor } from "react-router";
import { mimeForExtension } from "./mime";

/**
 * What a document's page tells link previews and search engines (issue 15, decision 0032): Open
 * Graph for WhatsApp, e-mail and social previews, a Twitter card, the canonical address, and a
 * schema.org description as JSON-LD. Pure: the route's `meta` gives it the document, the absolute
 * addresses and the page's language. React Router writes the JSON-LD (`script:ld+json`) with
 * `<`, `>`, `&`, U+2028 and U+2029 as JSON escapes, so no title can end the script element; it
 * is data, which no browser runs and the script policy does not concern.
 */

export interface DocumentMetaInput {
  document: {
    id: string;
    title: string;
    category: string;
    tags: string[];
    created_at: string;
    updated_at: string;
    size: number | null;
    has_file: boolean;
    /** The extension the download gets; it decides the file's type, as for the preview. */
    extension: string | null;
    /** The language the document is written in: en, so, or "other" (then not said). */
    language: string;
  };
  /** The page's description (the document's, or the page's sentence for one without). */
  description: string;
  /** The document's absolute canonical address (/document/:id on the portal's origin). */
  url: string;
  /** The first page's picture as an absolute address, when the file reader made one. */
  image: { url: string; width: number; height: number; alt: string } | null;
  siteName: string;
  /** The page's language (the reader's), for og:locale only: it says nothing of the document's. */
  language: string;
}

/** Previews show two or three lines; a long description is cut at a word, with an ellipsis. */
export const PREVIEW_DESCRIPTION_MAX = 300;

export function clipText(text: string, max = PREVIEW_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** Open Graph's locale (language_TERRITORY) of a page language: Somali as read in Somalia, English as the cluster writes it. */
export function ogLocale(language: string): string {
  return language.split("-")[0] === "so" ? "so_SO" : "en_GB";
}

/** "2.4 MB", "850 KB": schema.org's contentSize is text. */
export function contentSize(bytes: number): string {
  return bytes >= 100 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** schema.org's type: a Report for the cluster's reports, a DigitalDocument for every other kind. */
export function schemaType(category: string): "Report" | "DigitalDocument" {
  return category === "Report" ? "Report" : "DigitalDocument";
}

/** The JSON-LD object: compact (only what is known), one per page. */
export function documentJsonLd(input: DocumentMetaInput): Record<string, unknown> {
  const { document: doc, url, image, siteName } = input;
  const size = doc.has_file && doc.size ? contentSize(doc.size) : null;
  return {
    "@context": "https://schema.org",
    "@type": schemaType(doc.category),
    "@id": url,
    url,
    name: doc.title,
    description: clipText(input.description),
    datePublished: doc.created_at,
    dateModified: doc.updated_at,
    genre: doc.category,
    // BCP 47, as schema.org asks; "other" names no language, so nothing is claimed.
    ...(doc.language === "en" || doc.language === "so" ? { inLanguage: doc.language } : {}),
    ...(doc.tags.length > 0 ? { keywords: doc.tags } : {}),
    ...(image ? { image: image.url } : {}),
    isAccessibleForFree: true,
    publisher: { "@type": "Organization", name: siteName, url: new URL("/", url).href },
    ...(doc.has_file
      ? { encoding: { "@type": "MediaObject", encodingFormat: mimeForExtension(doc.extension), ...(size ? { contentSize: size } : {}) } }
      : {}),
  };
}

/** The head's tags after the title and description: canonical, Open Graph, Twitter card, JSON-LD. */
export function documentMetaTags(input: DocumentMetaInput): MetaDescriptor[] {
  const { document: doc, url, image } = input;
  const description = clipText(input.description);
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: input.siteName },
    { property: "og:title", content: doc.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: ogLocale(input.language) },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:alt", content: image.alt },
        ]
      : []),
    { property: "article:published_time", content: doc.created_at },
    { property: "article:modified_time", content: doc.updated_at },
    { name: "twitter:card", content: "summary" },
    { "script:ld+json": documentJsonLd(input) },
  ];
}
