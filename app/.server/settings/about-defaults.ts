import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ABOUT_SECTIONS, type AboutSection, type AboutText, DEFAULT_ABOUT } from "~/lib/about-text";

/*
 * The default About text in the reader's language, put together on the server: the pages' loaders
 * send it resolved, so its eighteen messages (about 1.7 KB of Somali) stay in the server catalogue
 * instead of the public one that every page's browser loads (page-weight.spec's languages' share).
 */

/**
 * DEFAULT_ABOUT in the reader's language: each paragraph, task and how-to item is a message, put
 * together in the same plain-text form (so aboutBlocks reads it the same way). In English it is
 * DEFAULT_ABOUT itself (a unit test says so); the stored default stays the English text.
 */
const DEFAULT_ABOUT_MESSAGES: Record<AboutSection, (i18n: I18n) => string> = {
  overview: (i18n) =>
    [
      i18n._(
        msg`The Camp Coordination and Camp Management (CCCM) Cluster supports the people displaced in Somalia by making sure that the sites where they live are managed well, that services reach them, and that their voices shape the response.`,
      ),
      i18n._(
        msg`Working with local authorities, site management partners and other clusters, it coordinates assistance across displacement sites and settlements, from Baidoa and Mogadishu to Kismayo and beyond.`,
      ),
    ].join("\n\n"),
  keyTasks: (i18n) =>
    [
      msg`Coordinate site management and the delivery of services in displacement sites.`,
      msg`Monitor sites and track new arrivals, evictions and relocations.`,
      msg`Run complaints and feedback mechanisms and refer cases to service providers.`,
      msg`Carry out safety audits, service mapping and site verifications.`,
      msg`Build the capacity of partners and local authorities through guidance and training.`,
    ]
      .map((task) => `- ${i18n._(task)}`)
      .join("\n"),
  howToUse: (i18n) =>
    (
      [
        [
          msg`Find`,
          msg`Search reports, guidelines, standards and the document library by title, description or tag. The search address can be bookmarked and shared.`,
        ],
        [msg`Preview`, msg`Open a document to read its details and preview PDFs, images, text, audio and video before downloading.`],
        [msg`Download`, msg`Downloads resume where they stopped if your connection drops; file names say what the document is.`],
        [msg`Share`, msg`Copy a document's link or send it by e-mail, WhatsApp or social media. Shared links open without an account.`],
        [msg`Dashboards`, msg`Open the cluster's interactive dashboards. They load only when you ask, to save data on slow connections.`],
      ] satisfies Array<[MessageDescriptor, MessageDescriptor]>
    )
      .map(([label, text]) => `- ${i18n._(label)}: ${i18n._(text)}`)
      .join("\n"),
};

/**
 * A section's text as a page shows it: what staff wrote, as written; the default (nothing written,
 * or restored) in the page's language.
 */
export function aboutTextIn(text: string, i18n: I18n): string {
  const section = ABOUT_SECTIONS.find(({ key }) => DEFAULT_ABOUT[key] === text)?.key;
  return section ? DEFAULT_ABOUT_MESSAGES[section](i18n) : text;
}

/** All three sections as a page shows them (the /about page and the home page's About tabs). */
export function aboutTextsIn(text: AboutText, i18n: I18n): AboutText {
  return {
    overview: aboutTextIn(text.overview, i18n),
    keyTasks: aboutTextIn(text.keyTasks, i18n),
    howToUse: aboutTextIn(text.howToUse, i18n),
  };
}
