import { describe, expect, it } from "vitest";
import { parseSearchQuery, type SearchQuery, type SearchTerm } from "./query";
import { type DocumentWords, documentWords, WordIndex } from "./word-index";

/** An index of documents given as [title, description, keywords]; ordinal = place in the list, newest first = highest ordinal first. */
function indexOf(docs: Array<[string, string, string]>): { index: WordIndex; newest: Int32Array } {
  const index = new WordIndex();
  docs.forEach(([title, description, keywords], o) => {
    index.set(o, words(title, description, keywords));
  });
  return { index, newest: newestFirst(docs.length) };
}

function words(title: string, description = "", keywords = ""): DocumentWords {
  return documentWords({ title, description, tags: [keywords], partner: null, sectors: [], locations: [] });
}

function newestFirst(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => n - 1 - i);
}

const found = (index: WordIndex, newest: Int32Array, q: string) => Array.from(index.match(parseSearchQuery(q), newest).documents);

describe("the word index", () => {
  const { index, newest } = indexOf([
    ["Baidoa site monitoring", "Monthly round of the camps", "CCCM"],
    ["Monitoring of evictions", "Kismayo and Baidoa", ""],
    ["Flood update", "Water points in Dhúusamarreeb", "WASH"],
    ["Camp management toolkit", "How to run a site", "Guideline"],
    ["Site", "Monitoring", ""],
  ]);

  it("finds every word in any order and in any part, and nothing for a word no document has", () => {
    expect(found(index, newest, "monitoring baidoa").sort()).toEqual([0, 1]);
    expect(found(index, newest, "baidoa monitoring").sort()).toEqual([0, 1]);
    expect(found(index, newest, "nairobi")).toEqual([]);
    expect(found(index, newest, "baidoa nairobi")).toEqual([]);
  });

  it("matches a phrase only where its words are adjacent, in order, within one part", () => {
    expect(found(index, newest, '"site monitoring"')).toEqual([0]);
    // Document 4 has "site" as its title and "monitoring" as its description: not a phrase.
    expect(found(index, newest, '"monitoring site"')).toEqual([]);
    expect(found(index, newest, "site monitoring").sort()).toEqual([0, 4]);
  });

  it("reads the last word as a prefix while it is typed, and only then", () => {
    expect(found(index, newest, "camp manag")).toEqual([3]);
    expect(found(index, newest, "manag camp")).toEqual([]);
    expect(found(index, newest, '"camp manag')).toEqual([3]);
  });

  it("takes alternatives with OR and leaves out excluded words and phrases", () => {
    expect(found(index, newest, "kismayo OR flood").sort()).toEqual([1, 2]);
    expect(found(index, newest, "monitoring -evictions").sort()).toEqual([0, 4]);
    expect(found(index, newest, 'site -"site monitoring"').sort()).toEqual([3, 4]);
    expect(found(index, newest, "-monitoring")).toEqual([]);
  });

  it("meets a word with diacritics by its plain spelling, and the reverse", () => {
    expect(found(index, newest, "dhuusamarreeb")).toEqual([2]);
    expect(found(index, newest, "Dhúusamarréeb")).toEqual([2]);
  });

  it("ranks a word in the title above the same word in the description, and keeps the newest first on equal ranks", () => {
    const { index: ranked, newest: order } = indexOf([
      ["Shelter survey", "Water", ""],
      ["Water survey", "Shelter", ""],
      ["Shelter survey", "Water", ""],
    ]);
    expect(found(ranked, order, "water")).toEqual([1, 2, 0]);
    expect(found(ranked, order, "shelter")).toEqual([2, 0, 1]);
  });

  it("ranks a rare word above a frequent one, and a short entry above a long one", () => {
    const docs: Array<[string, string, string]> = Array.from({ length: 20 }, (_, i) => [`Report ${i}`, "", ""]);
    docs.push(["Report on Xudur", "", ""]);
    docs.push(["Xudur", "a long description of the district with many words in it", ""]);
    const { index: ranked, newest: order } = indexOf(docs);
    // "xudur" is rare and "report" frequent: the document with both comes first.
    expect(found(ranked, order, "report OR xudur").slice(0, 2)).toEqual([20, 21]);
    docs.push(["Xudur", "", ""]);
    const again = indexOf(docs);
    expect(found(again.index, again.newest, "xudur")[0]).toBe(22);
  });

  it("finds a rewritten document by its new words only, and a removed one not at all", () => {
    const { index: changing, newest: order } = indexOf([
      ["Baidoa report", "", ""],
      ["Kismayo report", "", ""],
    ]);
    changing.set(0, words("Dolow report"));
    expect(found(changing, order, "baidoa")).toEqual([]);
    expect(found(changing, order, "dolow")).toEqual([0]);
    changing.remove(1);
    expect(found(changing, order, "report")).toEqual([0]);
    changing.set(2, words("Baidoa update"));
    expect(found(changing, Int32Array.from([2, 0]), "baidoa OR dolow")).toEqual([2, 0]);
    expect(changing.size).toBe(2);
  });
});

/** A small random generator, so the comparison below is the same on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** What a query matches, read straight from each document's parts. */
function reference(docs: Array<DocumentWords | null>, query: SearchQuery): number[] {
  const has = (doc: DocumentWords, term: SearchTerm) =>
    [doc.title, doc.description, doc.keywords].some((part) =>
      part.some((_, p) =>
        term.tokens.every((token, k) => {
          const word = part[p + k];
          if (word === undefined) return false;
          return term.prefix && k === term.tokens.length - 1 ? word.startsWith(token) : word === token;
        }),
      ),
    );
  return docs.flatMap((doc, o) => {
    if (doc === null) return [];
    const ok = query.groups.every((group) => (group[0]!.excluded ? !has(doc, group[0]!) : group.some((term) => has(doc, term))));
    return ok && query.groups.some((group) => !group[0]!.excluded) ? [o] : [];
  });
}

describe("the word index against a plain reading of every document", () => {
  it("matches what the query language says, through rewrites and removals", () => {
    const random = generator(7);
    const vocabulary = ["camp", "camps", "site", "monitoring", "baidoa", "water", "wash", "flood", "floods", "eviction", "shelter", "hlp"];
    const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
    const sentence = (max: number) => Array.from({ length: Math.floor(random() * max) }, pick).join(" ");
    const docs: Array<DocumentWords | null> = [];
    const index = new WordIndex();
    for (let o = 0; o < 300; o++) {
      docs.push(words(sentence(5), sentence(12), sentence(4)));
      index.set(o, docs[o]!);
    }
    const queries = [
      "camp",
      "site monitoring",
      '"site monitoring"',
      "cam",
      "flood OR eviction",
      "water -wash",
      '"camps water" -hlp',
      "mon baidoa",
    ];
    for (let round = 0; round < 6; round++) {
      const alive = docs.flatMap((d, o) => (d === null ? [] : [o]));
      const order = Int32Array.from(alive.reverse());
      for (const q of queries) {
        const query = parseSearchQuery(q);
        const all = index.match(query, order);
        expect(
          [...all.documents].sort((a, b) => a - b),
          `${q} (round ${round})`,
        ).toEqual(reference(docs, query));
        expect(all.ordered).toBe(all.documents.length);
        // The best few in order, then the rest: the same best as the whole order, the same documents.
        const best = index.match(query, order, 3);
        expect([...best.documents.subarray(0, best.ordered)], q).toEqual([...all.documents.subarray(0, best.ordered)]);
        expect(
          [...best.documents].sort((a, b) => a - b),
          q,
        ).toEqual([...all.documents].sort((a, b) => a - b));
      }
      // Rewrite a fifth of the documents, remove a few, add a few.
      for (let o = 0; o < docs.length; o++) {
        if (docs[o] === null) continue;
        const r = random();
        if (r < 0.2) {
          docs[o] = words(sentence(5), sentence(12), sentence(4));
          index.set(o, docs[o]!);
        } else if (r < 0.25) {
          docs[o] = null;
          index.remove(o);
        }
      }
      for (let k = 0; k < 10; k++) {
        docs.push(words(sentence(5), sentence(12), sentence(4)));
        index.set(docs.length - 1, docs.at(-1)!);
      }
    }
  });
});
