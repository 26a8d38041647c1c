/**
 * PDFs written by hand, for the extraction tests: shapes pdf-lib cannot make (thousands of pages
 * sharing one font in a few milliseconds, an encrypted file, forms nested into a drawing bomb).
 * Each file is a real PDF: objects, a cross-reference table with exact offsets, a trailer.
 */

import { createHash } from "node:crypto";

/** One indirect object: a dictionary or array written as is, optionally followed by a stream. */
type PdfObject = { body: string; stream?: Uint8Array };

const latin1 = (s: string) => Buffer.from(s, "latin1");

/** Objects are numbered from 1 in the order given; `root` and `extraTrailer` go into the trailer. */
export function writePdf(objects: PdfObject[], options: { root: number; extraTrailer?: string }): Uint8Array {
  const parts: Buffer[] = [latin1("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(length);
    if (o.stream) {
      push(latin1(`${i + 1} 0 obj\n${o.body.replace(/>>\s*$/, `/Length ${o.stream.length} >>`)}\nstream\n`));
      push(Buffer.from(o.stream));
      push(latin1("\nendstream\nendobj\n"));
    } else {
      push(latin1(`${i + 1} 0 obj\n${o.body}\nendobj\n`));
    }
  });
  const xrefAt = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  push(latin1(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}`));
  push(
    latin1(
      `trailer\n<< /Size ${objects.length + 1} /Root ${options.root} 0 R ${options.extraTrailer ?? ""} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** Text for a content stream: PDF string escapes for the three special characters. */
const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

const textStream = (lines: string[]) => latin1(`BT /F1 12 Tf 50 780 Td 14 TL ${lines.map((l) => `${pdfString(l)} Tj T*`).join(" ")} ET`);

/**
 * A PDF of `pages` pages, page n showing `textOf(n)` in Helvetica (a standard font, so no font
 * file is embedded). Objects: 1 catalog, 2 page tree, 3 font, then a page and its content each.
 */
export function makeManyPagePdf(pages: number, textOf: (page: number) => string): Uint8Array {
  const objects: PdfObject[] = [
    { body: "<< /Type /Catalog /Pages 2 0 R >>" },
    { body: "" }, // the page tree, written once the kids are known
    { body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>" },
  ];
  const kids: string[] = [];
  for (let n = 1; n <= pages; n++) {
    const pageNo = objects.length + 1;
    kids.push(`${pageNo} 0 R`);
    objects.push({
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageNo + 1} 0 R >>`,
    });
    objects.push({ body: "<< >>", stream: textStream([textOf(n)]) });
  }
  objects[1] = { body: `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>` };
  return writePdf(objects, { root: 1 });
}

/** RC4, written out: the cipher of PDF's revision-2 standard security handler (OpenSSL 3 hides it). */
function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const h = createHash("md5");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};

/** The 32-byte padding string of the PDF specification (7.6.3.3). */
const PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
const padded = (password: string) => new Uint8Array(Buffer.concat([latin1(password), PAD]).subarray(0, 32));
const hex = (b: Uint8Array) => `<${Buffer.from(b).toString("hex")}>`;

/**
 * A one-page PDF encrypted with the standard security handler (revision 2, RC4 40-bit), opened
 * only with `userPassword`: the /O and /U entries and the content stream are computed as the
 * specification says (algorithms 2, 3 and 4), so a reader given the password shows `text`.
 */
export function makeEncryptedPdf(text: string, userPassword: string, ownerPassword = "owner"): Uint8Array {
  const id = md5(latin1(text));
  const permissions = -44; // printing and copying refused: any value works, it only has to be hashed in
  const ownerKey = md5(padded(ownerPassword)).subarray(0, 5);
  const o = rc4(ownerKey, padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const fileKey = md5(padded(userPassword), o, p, id).subarray(0, 5);
  const u = rc4(fileKey, PAD);
  const contentObject = 4;
  const objectKey = md5(fileKey, new Uint8Array([contentObject & 255, (contentObject >> 8) & 255, contentObject >> 16, 0, 0])).subarray(
    0,
    10,
  );
  const objects: PdfObject[] = [
    { body: "<< /Type /Catalog /Pages 2 0 R >>" },
    { body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
    { body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>" },
    { body: "<< >>", stream: rc4(objectKey, textStream([text])) },
    { body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" },
    { body: `<< /Filter /Standard /V 1 /R 2 /O ${hex(o)} /U ${hex(u)} /P ${permissions} >>` },
  ];
  return writePdf(objects, { root: 1, extraTrailer: `/Encrypt 6 0 R /ID [${hex(id)} ${hex(id)}]` });
}

/**
 * A drawing bomb: form XObject k draws form k+1 `fanout` times, `depth` levels deep, so one page
 * asks for fanout^depth drawings of a line of text while the file stays a few kilobytes.
 */
export function makeNestedFormPdf(depth: number, fanout: number): Uint8Array {
  const firstForm = 5;
  const objects: PdfObject[] = [
    { body: "<< /Type /Catalog /Pages 2 0 R >>" },
    { body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
    {
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /X ${firstForm} 0 R >> >> /Contents 4 0 R >>`,
    },
    { body: "<< >>", stream: latin1("/X Do") },
  ];
  for (let level = 0; level < depth; level++) {
    const last = level === depth - 1;
    const resources = last ? "<< /Font << /F1 6 0 R >> >>" : `<< /XObject << /X ${firstForm + 2 + level} 0 R >> >>`;
    const content = last ? textStream(["bomb"]) : latin1(Array.from({ length: fanout }, () => "q 1 0 0 1 1 1 cm /X Do Q").join(" "));
    objects.push({ body: `<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources ${resources} >>`, stream: content });
    if (level === 0) objects.push({ body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>" });
  }
  return writePdf(objects, { root: 1 });
}
