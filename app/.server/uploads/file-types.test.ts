import { describe, expect, it } from "vitest";
import { contentMatchesExtension } from "./file-types";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (s: string) => new TextEncoder().encode(s);

describe("content signatures", () => {
  it("recognises each allowed type by its first bytes", () => {
    expect(contentMatchesExtension("pdf", text("%PDF-1.7\n"))).toBe(true);
    expect(contentMatchesExtension("doc", bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0))).toBe(true);
    expect(contentMatchesExtension("xlsx", bytes(0x50, 0x4b, 0x03, 0x04, 0x14))).toBe(true);
    expect(contentMatchesExtension("jpg", bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatchesExtension("png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(contentMatchesExtension("gif", text("GIF89a..."))).toBe(true);
    expect(contentMatchesExtension("webp", text("RIFF\x1a\x00\x00\x00WEBPVP8L"))).toBe(true);
    expect(contentMatchesExtension("csv", text("site,district\nBaidoa IDP,Baidoa\n"))).toBe(true);
    expect(contentMatchesExtension("txt", text("Déplacés: 1 200 ménages"))).toBe(true);
  });

  it("refuses disguised or binary content", () => {
    expect(contentMatchesExtension("pdf", bytes(0x4d, 0x5a, 0x90, 0))).toBe(false); // a Windows executable
    expect(contentMatchesExtension("docx", text("%PDF-1.7"))).toBe(false);
    expect(contentMatchesExtension("txt", bytes(0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0))).toBe(false); // ELF with NUL
    expect(contentMatchesExtension("txt", bytes(0xff, 0xfe, 0x41))).toBe(false); // not UTF-8
    expect(contentMatchesExtension("exe", bytes(0x4d, 0x5a))).toBe(false);
    expect(contentMatchesExtension("webp", text("RIFF\x1a\x00\x00\x00WAVEfmt "))).toBe(false); // a RIFF sound file
  });

  it("accepts a UTF-8 character cut at the end of the sniffed bytes", () => {
    const cut = text("abc é").slice(0, 5); // "abc " + first byte of é
    expect(contentMatchesExtension("txt", cut)).toBe(true);
  });
});
