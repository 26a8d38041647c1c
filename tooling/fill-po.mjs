#!/usr/bin/env node
/**
 * Fills translations into a catalogue from a JSON object of { "English message": "translation" }:
 * `node tooling/fill-po.mjs app/locales/so/public.po translations.json`. Only empty entries are
 * filled unless --overwrite is given; messages the JSON names that the catalogue lacks are listed,
 * so that a typo in a source text is seen. For translators who draft a batch outside a PO editor.
 */
import { readFileSync, writeFileSync } from "node:fs";
import PO from "pofile";

const [catalogue, json, flag] = process.argv.slice(2);
if (!catalogue || !json) {
  console.error("usage: node tooling/fill-po.mjs <catalogue.po> <translations.json> [--overwrite]");
  process.exit(2);
}
const po = PO.parse(readFileSync(catalogue, "utf8"));
const translations = JSON.parse(readFileSync(json, "utf8"));
const byId = new Map(po.items.map((item) => [item.msgid, item]));
let filled = 0;
const unknown = [];
for (const [msgid, text] of Object.entries(translations)) {
  const item = byId.get(msgid);
  if (!item) {
    unknown.push(msgid);
    continue;
  }
  if (item.msgstr[0] && flag !== "--overwrite") continue;
  item.msgstr = [text];
  filled++;
}
writeFileSync(catalogue, po.toString());
const missing = po.items.filter((item) => !item.msgstr[0]).length;
console.log(`${filled} filled; ${missing} still empty in ${catalogue}`);
for (const msgid of unknown) console.log(`not in the catalogue: ${msgid}`);
if (unknown.length > 0) process.exitCode = 1;
