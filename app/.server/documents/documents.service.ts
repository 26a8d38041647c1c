/**
 * The documents module's front door: routes and other modules import what they call from here,
 * while each rule lives in a small module named for it. Uploads (upload, folder-upload,
 * bulk-upload), editing and deleting (manage) and the detail page (detail) are entry points of
 * their own.
 */
export { countDownload, recordDocumentView } from "./counters";
export { createDocument, type NewDocumentInput } from "./create";
export { facetSuggestions } from "./facets";
export {
  documentCount,
  type ListedDocument,
  type ListRequest,
  type ListResult,
  latestPublished,
  listDocuments,
  listPublicDocuments,
  listPublicListItems,
  listPublishedInFolder,
  publishedCounts,
  warmListIndex,
} from "./listing";
export {
  findDocument,
  findDownloadable,
  findDownloadableAttachment,
  findPublishedDocument,
  findSharedDocument,
  listAttachments,
} from "./lookups";
export {
  type AttachmentDetail,
  type DocumentDetail,
  type PublicCardItem,
  type PublicDocument,
  type PublicListItem,
  parseList,
  toDocumentDetail,
  toPublicCardItem,
  toPublicDocument,
  toPublicListItem,
} from "./public-shapes";
export { type PublishedKey, type PublishedStamp, publishedAfter, publishedDocumentCount, publishedStart } from "./published-keys";
export { normaliseTags } from "./tags";
