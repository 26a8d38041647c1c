/**
 * The About text (the /about page and the home page's About tabs): three sections staff edit on
 * the Settings screen, as plain text. A blank line starts a paragraph; a line starting with "- ",
 * "* " or "• " is a list item, and a short heading before a colon ("Find: ...") is shown in bold.
 * Nothing is ever read as HTML: the blocks are rendered as React text, which escapes everything.
 */
import { msg } from "@lingui/core/macro";

/** The sections: `label` in English (the form's messages), `message` the name shown in a page's language. */
export const ABOUT_SECTIONS = [
  { key: "overview", label: "Overview", message: msg`Overview` },
  { key: "keyTasks", label: "Key Tasks", message: msg`Key Tasks` },
  { key: "howToUse", label: "How to Use", message: msg`How to Use` },
] as const;

export type AboutSection = (typeof ABOUT_SECTIONS)[number]["key"];
export type AboutText = Record<AboutSection, string>;

/** Per section; far more than the page needs, small enough for the settings row and the page. */
export const ABOUT_TEXT_MAX = 4000;

/** The settings rows (JSON strings, like every setting). */
export const ABOUT_SETTING_KEYS: Record<AboutSection, string> = {
  overview: "about:overview",
  keyTasks: "about:keyTasks",
  howToUse: "about:howToUse",
};

/** The text the portal shipped with, shown until staff save their own and after "Restore default". */
export const DEFAULT_ABOUT: Readonly<AboutText> = {
  overview: [
    "The Camp Coordination and Camp Management (CCCM) Cluster supports the people displaced in Somalia by making sure that the sites where they live are managed well, that services reach them, and that their voices shape the response.",
    "",
    "Working with local authorities, site management partners and other clusters, it coordinates assistance across displacement sites and settlements, from Baidoa and Mogadishu to Kismayo and beyond.",
  ].join("\n"),
  keyTasks: [
    "- Coordinate site management and the delivery of services in displacement sites.",
    "- Monitor sites and track new arrivals, evictions and relocations.",
    "- Run complaints and feedback mechanisms and refer cases to service providers.",
    "- Carry out safety audits, service mapping and site verifications.",
    "- Build the capacity of partners and local authorities through guidance and training.",
  ].join("\n"),
  howToUse: [
    "- Find: Search reports, guidelines, standards and the document library by title, description or tag. The search address can be bookmarked and shared.",
    "- Preview: Open a document to read its details and preview PDFs, images, text, audio and video before downloading.",
    "- Download: Downloads resume where they stopped if your connection drops; file names say what the document is.",
    "- Share: Copy a document's link or send it by e-mail, WhatsApp or social media. Shared links open without an account.",
    "- Dashboards: Open the cluster's interactive dashboards. They load only when you ask, to save data on slow connections.",
  ].join("\n"),
};

export interface AboutListItem {
  label: string | null;
  text: string;
}

export type AboutBlock = { kind: "paragraph"; text: string } | { kind: "list"; items: AboutListItem[] };

const LIST_LINE = /^\s*[-*•]\s+(.*)$/;
/** "Heading: text", the heading short and without sentence punctuation. */
const LABELLED = /^([^:.!?]{1,40}):\s+(.+)$/;

function listItem(text: string): AboutListItem {
  const labelled = LABELLED.exec(text);
  return labelled ? { label: labelled[1]!.trim(), text: labelled[2]!.trim() } : { label: null, text: text.trim() };
}

/** Paragraphs and lists of a section's text (see the module comment). */
export function aboutBlocks(text: string): AboutBlock[] {
  const blocks: AboutBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const item = LIST_LINE.exec(raw);
    if (item?.[1]?.trim()) {
      endParagraph();
      const last = blocks.at(-1);
      if (last?.kind === "list") last.items.push(listItem(item[1]));
      else blocks.push({ kind: "list", items: [listItem(item[1])] });
    } else if (!line) {
      endParagraph();
      // A blank line also ends a list, so two lists can follow each other.
      if (blocks.at(-1)?.kind === "list") blocks.push({ kind: "paragraph", text: "" });
    } else paragraph.push(line);
  }
  endParagraph();
  return blocks.filter((b) => b.kind === "list" || b.text !== "");
}

/** Stored JSON values to text: a missing, unreadable or blank value gives that section's default. */
export function aboutFromStored(stored: Record<string, string | undefined>): AboutText {
  const text = { ...DEFAULT_ABOUT };
  for (const { key } of ABOUT_SECTIONS) {
    const raw = stored[ABOUT_SETTING_KEYS[key]];
    if (raw === undefined) continue;
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === "string" && value.trim()) text[key] = value;
    } catch {
      // One bad row must not break the public pages: keep the default.
    }
  }
  return text;
}

export type AboutFormResult = { ok: true; value: AboutText } | { ok: false; errors: Partial<Record<AboutSection, string>> };

/** The Settings screen's About form: each section trimmed, Windows line endings made plain, capped. */
export function parseAboutForm(form: { get(name: string): unknown }): AboutFormResult {
  const value = {} as AboutText;
  const errors: Partial<Record<AboutSection, string>> = {};
  for (const { key, label } of ABOUT_SECTIONS) {
    const raw = form.get(key);
    const text = (typeof raw === "string" ? raw : "").replace(/\r\n?/g, "\n").trim();
    if (!text) errors[key] = `${label} cannot be empty; use Restore default to bring back the original text`;
    else if (text.length > ABOUT_TEXT_MAX) errors[key] = `${label} must be at most ${ABOUT_TEXT_MAX} characters (it has ${text.length})`;
    value[key] = text;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
