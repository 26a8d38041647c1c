import path from "node:path";
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { signInDemo, startDemoPortal } from "./support/demo-portal";
import { pageReady } from "./support/page-ready";
import { test } from "./support/test";
import { prepareWalk, type WalkIds, type WalkPage, walkPages } from "./support/walk-pages";

/**
 * Issue 14: every text a person sees comes from a message catalogue. Every page of app/routes.ts
 * is rendered in the pseudo-language (en-XA: each catalogue text with accents, made by the build;
 * the portal allows it with I18N_PSEUDO), and every visible text, accessible name, title and
 * description that still has plain English words fails. Plain words are allowed only where they
 * are data (what staff typed or the portal logged: the database's texts), a name that is the same
 * in every language (file types, CCCM, units), a language's own name in the switch, or a date
 * (in <time>).
 */

/**
 * Words that are the same in every language: names, and words in capitals: file types and units
 * (PDF, KB), the codes of security events and logs (LOGIN_FAILED), which staff filter by as they
 * are written, and a two-factor secret's groups of letters.
 */
const SAME_IN_EVERY_LANGUAGE =
  /\b(?:CCCM|WhatsApp|Twitter|Facebook|LinkedIn|Email|SQLite|PostgreSQL|argon2id)\b|\b[A-Z0-9]+(?:_[A-Z0-9]+)*\b/g;
/** Three ASCII letters in a row: the pseudo-language leaves at most a lone v, x or y unaccented. */
const PLAIN_ENGLISH = /[A-Za-z]{3,}/;

let portal: Awaited<ReturnType<typeof startDemoPortal>>;
let pages: WalkPage[];
/** Every text the database holds (longest first), as data the pages may show untranslated. */
let data: string[];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  let ids: WalkIds | undefined;
  portal = await startDemoPortal(
    (dataDir) => {
      ids = prepareWalk(dataDir, { attachmentLabel: "Annex" });
    },
    { I18N_PSEUDO: "true" },
  );
  pages = walkPages(ids!);
  data = databaseTexts(portal.dataDir);
});

test.afterAll(async () => {
  await portal?.dispose();
});

/** The texts of the tables whose content pages show, JSON values opened up. */
function databaseTexts(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, "portal.db"), { readonly: true });
  const texts = new Set<string>(["Annex"]);
  const add = (value: unknown): void => {
    if (typeof value === "string") {
      const text = value.trim();
      if (text.length < 2) return;
      if (/^[[{]/.test(text)) {
        try {
          add(JSON.parse(text));
          return;
        } catch {
          // Not JSON: a text like any other.
        }
      }
      texts.add(text);
      // A file's SHA-256 is shown by its first twelve digits (the edit form's file facts).
      if (/^[0-9a-f]{64}$/.test(text)) texts.add(text.slice(0, 12));
      // An address (a dashboard's) may be shown by its host alone.
      if (URL.canParse(text) && /^https?:/.test(text)) texts.add(new URL(text).host);
      // A comma-separated list (tags) is shown an item at a time.
      for (const part of text.split(/[,\n]/)) if (part.trim().length >= 2) texts.add(part.trim());
    } else if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === "object") {
      // A log's details are shown as "key: value": the keys are the portal's codes, kept as stored.
      for (const [key, inner] of Object.entries(value)) {
        add(key);
        add(typeof inner === "boolean" || typeof inner === "number" ? String(inner) : inner);
      }
    }
  };
  const tables = [
    "documents",
    "document_attachments",
    "document_facets",
    "dashboards",
    "folders",
    "contact_info",
    "navigation_menu",
    "settings",
    "users",
    "activity_logs",
  ];
  for (const table of tables)
    for (const row of db.prepare(`select * from ${table}`).all() as Record<string, unknown>[]) Object.values(row).forEach(add);
  // The database screen names the tables and the migrations applied, as the database does.
  for (const { name } of db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]) add(name);
  for (const { name } of db.prepare("select name from kysely_migration").all() as { name: string }[]) add(name);
  db.close();
  return [...texts].sort((a, b) => b.length - a.length);
}

/** What a person sees or hears on the page: text, accessible names, titles, the document's title and description. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
    if (description) out.push(description);
    // What a person typed or will type (a form field's text) is data, like the database's.
    const skip = (el: Element | null) => el?.closest("script, style, template, noscript, time, textarea, [lang]:not(html), svg") !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && !skip(node.parentElement)) out.push(text);
    }
    for (const el of document.body.querySelectorAll(
      "[aria-label], [title], [placeholder], [alt], input[type=submit], input[type=button]",
    )) {
      if (skip(el)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
      if (el instanceof HTMLInputElement && (el.type === "submit" || el.type === "button") && el.value) out.push(el.value);
    }
    return out;
  });
}

const patterns = new Map<string, RegExp>();
/** Every occurrence of `text` that is not part of a longer word. */
function wholeWords(text: string): RegExp {
  let pattern = patterns.get(text);
  if (!pattern) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "gu");
    patterns.set(text, pattern);
  }
  return pattern;
}

/** The texts with plain English left once data and the words that never change are taken out. */
function untranslated(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    // Addresses first (a word of data inside one would break it apart), then data, then names.
    let rest = text.replace(/https?:\/\/\S+|[\w.+-]+@[\w.-]+/g, " ");
    // Whole words only: a short value ("IN", "on") must not cut a word or a code in two.
    for (const d of data) if (rest.includes(d)) rest = rest.replace(wholeWords(d), " ");
    rest = rest.replace(SAME_IN_EVERY_LANGUAGE, " ");
    if (PLAIN_ENGLISH.test(rest)) found.add(text.length > 120 ? `${text.slice(0, 117)}...` : text);
  }
  return [...found];
}

test("every page's texts come from the catalogue: nothing plain English in the pseudo-language", async ({ browser }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  // Signed in in English (the test knows the English labels), then every page in the pseudo-language.
  await signInDemo(page, portal.url);
  const session = (await context.cookies()).filter((c) => c.name !== "lang");
  const anonymous = await browser.newContext();
  const url = new URL(portal.url);
  for (const ctx of [context, anonymous]) await ctx.addCookies([{ name: "lang", value: "en-XA", domain: url.hostname, path: "/" }]);
  expect(session.length).toBeGreaterThan(0);

  const failures: string[] = [];
  for (const walk of pages) {
    const tab = walk.admin ? page : await anonymous.newPage();
    await tab.goto(`${portal.url}${walk.url}`);
    // Its scripts have run: a hydrated page's render in the browser (with its catalogue) is what is
    // checked, not only the server's; a page that does not hydrate is the server's (decision 0038).
    await pageReady(tab);
    expect(await tab.evaluate(() => document.documentElement.lang), walk.url).toBe("en-XA");
    // Read again for each page: walking the pages writes to the database (views, sign-ins).
    data = databaseTexts(portal.dataDir);
    const left = untranslated(await shownTexts(tab));
    if (left.length > 0) failures.push(`${walk.url}:\n    ${left.join("\n    ")}`);
    if (!walk.admin) await tab.close();
  }
  await context.close();
  await anonymous.close();
  expect(failures, "texts that did not come from a catalogue").toEqual([]);
});
