import type { DocumentLanguage } from "~/lib/document-language";
import { downloadExtension, extensionOf } from "~/lib/file-names";
import type { DocumentRow } from "../db/types";
import type { DocumentAttachmentRow } from "./documents.queries";

/**
 * The shapes a document leaves the server in: for the public lists, the public JSON and the
 * detail page. Nothing else of a row is sent to a browser by the public side.
 */

/** What the public side may see of a document (the spec's list item, plus display fields). */
export interface PublicDocument {
  id: string;
  title: string;
  description: string | null;
  category: string;
  /** The language it is written in (en, so, other). */
  language: DocumentLanguage;
  tags: string[];
  created_at: string;
  size: number | null;
  file_ext: string | null;
  mime_type: string | null;
  has_file: boolean;
}

export function toPublicDocument(row: DocumentRow): PublicDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    language: row.language,
    tags: parseList(row.tags),
    created_at: row.created_at,
    size: row.size,
    file_ext: row.file_ext,
    mime_type: row.mime_type,
    has_file: !!row.file_path,
  };
}

/** A stored JSON list of strings (tags, sectors, locations); anything else reads as empty. */
export function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** The spec's public list item (public-portal section 3): what the lists and the public JSON carry. */
export interface PublicListItem {
  id: string;
  title: string;
  description: string | null;
  tags: string[];
  created_at: string;
  size: number | null;
}

/** The one place that shapes a public list item: nothing else of the document leaves the server. */
export function toPublicListItem(doc: PublicDocument): PublicListItem {
  return { id: doc.id, title: doc.title, description: doc.description, tags: doc.tags, created_at: doc.created_at, size: doc.size };
}

/**
 * A library or shared-folder card (DocumentCard): the list item, its category badge and its language. The page
 * sends its items to the browser as well as rendering them, so nothing the card does not show
 * (file type, MIME type) goes with them.
 */
export interface PublicCardItem extends PublicListItem {
  category: string;
  language: DocumentLanguage;
}

export function toPublicCardItem(doc: PublicDocument): PublicCardItem {
  return { ...toPublicListItem(doc), category: doc.category, language: doc.language };
}

export interface AttachmentDetail {
  id: string;
  label: string;
  file_type: string | null;
  file_size: number | null;
}

/** The union of the spec's two detail variants: the document plus the content item's fields. */
export interface DocumentDetail extends PublicDocument {
  partner: string | null;
  sectors: string[];
  locations: string[];
  view_count: number;
  download_count: number;
  /** The last change (the page's schema.org dateModified and Open Graph modified time, decision 0032). */
  updated_at: string;
  /** The extension the download gets (the spec's file-name rule), when there is a file. */
  extension: string | null;
  attachments: AttachmentDetail[];
}

export function toDocumentDetail(row: DocumentRow, attachments: DocumentAttachmentRow[]): DocumentDetail {
  return {
    ...toPublicDocument(row),
    partner: row.partner,
    sectors: parseList(row.sectors),
    locations: parseList(row.locations),
    view_count: Number(row.view_count),
    download_count: Number(row.download_count),
    updated_at: row.updated_at,
    extension: row.file_path ? downloadExtension(row) : null,
    attachments: attachments.map(toAttachmentDetail),
  };
}

export function toAttachmentDetail(a: DocumentAttachmentRow): AttachmentDetail {
  return {
    id: a.id,
    label: a.label,
    file_type: a.file_type ?? extensionOf(a.file_path)?.toUpperCase() ?? null,
    file_size: a.file_size,
  };
}
