import { describe, expect, it } from "vitest";
import { decodeXmlEntities, scanXml, textsOf, xmlAttributes } from "./xml";

async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, "utf8");
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe("XML helpers", () => {
  it("decodes named and numeric entities, and a reference to no character as U+FFFD", () => {
    expect(decodeXmlEntities("a &amp; b &lt;c&gt; &quot;d&apos; &#233; &#x1F600; &#xD800; &#1114112; &nbsp;")).toBe(
      "a & b <c> \"d' é 😀 \ufffd \ufffd &nbsp;",
    );
  });

  it("reads attributes in any order and quote style, prefixes kept", () => {
    expect(xmlAttributes(` name="Sites &amp; camps" sheetId='2' r:id="rId3"`)).toEqual({
      name: "Sites & camps",
      sheetId: "2",
      "r:id": "rId3",
    });
  });

  it("takes the text of one element name only", () => {
    expect(textsOf(`<t>a</t><tab/><t xml:space="preserve"> b </t><text>no</text>`, "t")).toEqual(["a", " b "]);
  });
});

describe("scanXml", () => {
  const xml = `<sst>${Array.from({ length: 200 }, (_, i) => `<si><t>value ${i} é😀</t></si>`).join("")}</sst>`;

  it("finds every element whatever the chunk size, elements and characters cut between chunks included", async () => {
    for (const size of [1, 7, 64, 100_000]) {
      const found: string[] = [];
      await scanXml(chunksOf(xml, size), /<si>([\s\S]*?)<\/si>/g, (m) => {
        found.push(textsOf(m[1]!, "t")[0]!);
        return undefined;
      });
      expect(found).toHaveLength(200);
      expect(found[199]).toBe("value 199 é😀");
    }
  });

  it("stops when the handler says so", async () => {
    let seen = 0;
    const outcome = await scanXml(chunksOf(xml, 50), /<si>/g, () => ++seen < 3);
    expect(outcome.stopped).toBe(true);
    expect(seen).toBe(3);
  });

  it("drops an element longer than the carry limit instead of holding it", async () => {
    const huge = `<a><t>${"x".repeat(5000)}</t></a><t>after</t>`;
    const found: string[] = [];
    const outcome = await scanXml(
      chunksOf(huge, 100),
      /<t>([^<]*)<\/t>/g,
      (m) => {
        found.push(m[1]!);
        return undefined;
      },
      1000,
    );
    expect(outcome.dropped).toBe(true);
    expect(found).toEqual(["after"]);
  });
});
