import { describe, expect, it } from "vitest";
import { contentDisposition, downloadExtension, downloadFileName } from "./file-names";

describe("download file names (public-portal section 5)", () => {
  it("replaces everything but letters, digits, dot, underscore and hyphen", () => {
    expect(downloadFileName({ title: "Site Monitoring: Baidoa (Q1/2026)", file_ext: "pdf" })).toBe("Site_Monitoring__Baidoa__Q1_2026_.pdf");
    expect(downloadFileName({ title: "Rapport déplacés", file_ext: "docx" })).toBe("Rapport_déplacés.docx");
    expect(downloadFileName({ title: "../../etc/passwd", file_ext: "txt" })).toBe(".._.._etc_passwd.txt");
  });

  it("takes the extension from file_ext, then file_path, then the MIME type, else pdf", () => {
    expect(downloadExtension({ file_ext: ".DOCX" })).toBe("docx");
    expect(downloadExtension({ file_path: "documents/2026/01/1-x.xlsx" })).toBe("xlsx");
    expect(downloadExtension({ mime_type: "text/csv" })).toBe("csv");
    expect(downloadExtension({ mime_type: "application/x-unknown" })).toBe("pdf");
    expect(downloadExtension({})).toBe("pdf");
  });

  it("does not double an extension already in the title", () => {
    expect(downloadFileName({ title: "annex.pdf", file_ext: "pdf" })).toBe("annex.pdf");
  });

  it("builds a header with an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("attachment", "Rapport_déplacés.pdf")).toBe(
      `attachment; filename="Rapport_d_plac_s.pdf"; filename*=UTF-8''Rapport_d%C3%A9plac%C3%A9s.pdf`,
    );
  });
});
