import { texts } from "./texts";
import { toast } from "./toast";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/** A text file is read this far through a Range request (a cost cap on slow links), as on the hydrated pages. */
const TEXT_BYTES = 200 * 1024;

type Texts = "failed" | "failedDescription" | "image" | "video" | "audio" | "text";

function fromTemplate(section: Element, name: string): DocumentFragment | null {
  const template = section.querySelector<HTMLTemplateElement>(`template[${name}]`);
  return template ? (template.content.cloneNode(true) as DocumentFragment) : null;
}

/**
 * The document preview on a page that does not hydrate (components/documents/preview.tsx). Without
 * JavaScript its toggle is a link that renders the page again with the preview open; here it is a
 * button, and nothing is fetched until the reader asks: the body comes from the page's template
 * (where nothing loads) into the page, and loads there. "Loading..." until the file has loaded;
 * a failure says so in place and in a toast.
 */
export function enhancePreviews(root: ParentNode): void {
  for (const section of unbound<HTMLElement>(root, "section[data-preview]", bound)) {
    const link = section.querySelector<HTMLAnchorElement>("a[data-preview-toggle]");
    const body = section.querySelector<HTMLElement>("#preview-body");
    if (!link || !body || !section.querySelector("template[data-preview-body]")) continue;
    let open = link.getAttribute("aria-expanded") === "true";
    const button = document.createElement("button");
    button.type = "button";
    button.className = link.className;
    button.setAttribute("aria-controls", "preview-body");
    const label = () => {
      button.setAttribute("aria-expanded", String(open));
      const content = fromTemplate(section, open ? "data-preview-hide" : "data-preview-show");
      if (content) button.replaceChildren(content);
    };
    label();
    link.replaceWith(button);
    // Opened by the server (the no-JavaScript toggle, a card's Preview link): it is loading already.
    if (open) watch(section, body);
    button.addEventListener("click", () => {
      open = !open;
      label();
      body.replaceChildren(...(open ? [fromTemplate(section, "data-preview-body") ?? ""] : []));
      body.hidden = !open;
      if (open) watch(section, body);
    });
  }
}

/** Follows the body's file as it loads: done, failed, or (a PDF this browser cannot show) the fallback. */
function watch(section: Element, body: HTMLElement): void {
  const say = texts<Texts>("preview");
  const done = () => body.querySelector("[data-preview-loading]")?.remove();
  const fail = (kind: "image" | "video" | "audio" | "text", element: Element) => {
    done();
    const error = fromTemplate(section, "data-preview-error");
    const alert = error?.firstElementChild;
    if (alert) {
      alert.textContent = say[kind];
      element.replaceWith(alert);
    }
    toast.error(say.failed, { description: say.failedDescription });
  };

  const media = body.querySelector<HTMLElement>("[data-preview-media]");
  const kind = media?.dataset.previewMedia;
  if (media && kind === "pdf") {
    if (navigator.pdfViewerEnabled === false) {
      body.querySelector("[data-pdf-preview]")?.replaceWith(fromTemplate(section, "data-pdf-unavailable") ?? "");
      done();
    } else media.addEventListener("load", done, { once: true });
  } else if (media && (kind === "image" || kind === "video" || kind === "audio")) {
    const loaded = kind === "image" ? (media as HTMLImageElement).complete && (media as HTMLImageElement).naturalWidth > 0 : false;
    if (loaded) done();
    media.addEventListener(kind === "image" ? "load" : "loadedmetadata", done, { once: true });
    media.addEventListener("error", () => fail(kind, media), { once: true });
  }

  const placeholder = body.querySelector<HTMLElement>("[data-preview-text]");
  if (placeholder) void readText(placeholder, done, () => fail("text", placeholder));
  else if (!media) done();
}

async function readText(placeholder: HTMLElement, done: () => void, fail: () => void): Promise<void> {
  const view = placeholder.querySelector("template")?.content.firstElementChild?.cloneNode(true);
  try {
    const response = await fetch(placeholder.dataset.previewText ?? "", { headers: { Range: `bytes=0-${TEXT_BYTES - 1}` } });
    if (!response.ok || !(view instanceof HTMLElement)) throw new Error(`HTTP error! status: ${response.status}`);
    const total = Number(response.headers.get("Content-Range")?.split("/")[1] ?? Number.NaN);
    const pre = view.querySelector("pre");
    if (pre) pre.textContent = await response.text();
    if (!(total > TEXT_BYTES)) view.querySelector("[data-truncated]")?.remove();
    placeholder.replaceWith(view);
    done();
  } catch (error) {
    console.error(error);
    fail();
  }
}
