import { describe, expect, it } from "vitest";
import { declaredExtension, identify, requireOfficeFolder } from "./file-kind";
import { FAILURE_REASONS, ReadFailure } from "./result";

const text = (s: string) => new TextEncoder().encode(s);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);

function reasonOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ReadFailure ? error.reason : `unexpected: ${String(error)}`;
  }
}

describe("declaredExtension", () => {
  it("takes the extension given, else the name's, else the MIME type's", () => {
    expect(declaredExtension({ ext: ".PDF", name: "a.docx" })).toBe("pdf");
    expect(declaredExtension({ name: "Report Final.DOCX" })).toBe("docx");
    expect(declaredExtension({ name: "no-extension", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" })).toBe(
      "xlsx",
    );
    expect(declaredExtension({ mime: "text/csv; charset=utf-8" })).toBe("csv");
    expect(declaredExtension({ mime: "application/octet-stream" })).toBeNull();
  });
});

describe("identify", () => {
  it("sends each readable type to its reader when the first bytes agree", () => {
    expect(identify("pdf", text("%PDF-1.7\n"))).toBe("pdf");
    expect(identify("docx", ZIP)).toBe("docx");
    expect(identify("pptx", ZIP)).toBe("pptx");
    expect(identify("csv", text("a,b\n"))).toBe("text");
    expect(identify("jpeg", new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image");
  });

  it("names content that is not what its extension says", () => {
    expect(reasonOf(() => identify("docx", text("%PDF-1.7")))).toBe(FAILURE_REASONS.mismatch);
    expect(reasonOf(() => identify("pdf", new Uint8Array([0x4d, 0x5a, 0x90, 0])))).toBe(FAILURE_REASONS.mismatch);
    expect(reasonOf(() => identify("docx", OLE))).toBe(FAILURE_REASONS.mismatch); // a .doc renamed
  });

  it("recognises a password-protected Office file by its encrypted package", () => {
    const encrypted = Buffer.concat([OLE, Buffer.alloc(600), Buffer.from("EncryptedPackage", "utf16le")]);
    expect(reasonOf(() => identify("xlsx", encrypted))).toBe(FAILURE_REASONS.encryptedOffice);
  });

  it("has no reader for legacy Office files, other types, or a file without extension", () => {
    expect(reasonOf(() => identify("doc", OLE))).toBe(FAILURE_REASONS.unsupported);
    expect(reasonOf(() => identify("zip", ZIP))).toBe(FAILURE_REASONS.unsupported);
    expect(reasonOf(() => identify(null, ZIP))).toBe(FAILURE_REASONS.unsupported);
  });

  it("tells an Office zip of another kind from its own", () => {
    expect(reasonOf(() => requireOfficeFolder("xlsx", ["word/document.xml", "[Content_Types].xml"]))).toBe(FAILURE_REASONS.mismatch);
    expect(reasonOf(() => requireOfficeFolder("docx", ["word/document.xml"]))).toBeNull();
  });
});
