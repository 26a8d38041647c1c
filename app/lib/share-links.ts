/**
 * The addresses a document or folder is shared under (admin-and-sharing section 6):
 * /document/{id}, /public-document/{id}, /shared/document/{token} and /shared/folder/{token}.
 */
export type ShareKind = "document" | "folder";

export interface UrlOption {
  key: "direct" | "public" | "token";
  label: string;
  hint: string;
  /** Absolute; null for the share-token address until a token exists. */
  url: string | null;
}

function absolute(origin: string, path: string): string {
  return new URL(path, origin).href;
}

export function sharedDocumentPath(token: string): string {
  return `/shared/document/${encodeURIComponent(token)}`;
}

export function sharedFolderPath(token: string): string {
  return `/shared/folder/${encodeURIComponent(token)}`;
}

export function sharePath(kind: ShareKind, token: string): string {
  return kind === "document" ? sharedDocumentPath(token) : sharedFolderPath(token);
}

export function shareUrl(origin: string, kind: ShareKind, token: string): string {
  return absolute(origin, sharePath(kind, token));
}

/** The three addresses of a document, in the order the share dialog offers them. */
export function documentUrlOptions(origin: string, doc: { id: string; shareToken: string | null }): UrlOption[] {
  const id = encodeURIComponent(doc.id);
  return [
    { key: "direct", label: "Direct link", hint: "The document's page on the portal.", url: absolute(origin, `/document/${id}`) },
    { key: "public", label: "Public link", hint: "The public view of the document.", url: absolute(origin, `/public-document/${id}`) },
    {
      key: "token",
      label: "Share-token link",
      hint: "An unguessable link you can revoke or regenerate under Shareable Links.",
      url: doc.shareToken ? absolute(origin, sharedDocumentPath(doc.shareToken)) : null,
    },
  ];
}
