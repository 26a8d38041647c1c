import { describe, expect, it } from "vitest";
import { normaliseTags } from "~/.server/documents/documents.service";
import {
  ATTACHMENT_UPLOAD_TYPES,
  BULK_UPLOAD_TYPES,
  DOCUMENT_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES as SERVER_MAX,
} from "~/.server/uploads/file-types";
import { UPLOAD_MESSAGES } from "~/.server/uploads/multipart";
import {
  checkAttachmentFile,
  checkUploadFile,
  DOCUMENT_MESSAGES,
  editCategoryOptions,
  MAX_UPLOAD_BYTES,
  splitMessage,
  splitTags,
  titleFromFileName,
  UPLOAD_EXTENSIONS,
  uploadPercent,
  uploadStage,
} from "./document-form";

describe("the upload form's browser-side checks", () => {
  it("uses the server's list, limit and messages, so both say the same", () => {
    expect([...UPLOAD_EXTENSIONS].sort()).toEqual([...DOCUMENT_UPLOAD_TYPES].sort());
    expect(MAX_UPLOAD_BYTES).toBe(SERVER_MAX);
    expect(DOCUMENT_MESSAGES.invalidType).toBe(UPLOAD_MESSAGES.invalidType);
    expect(DOCUMENT_MESSAGES.tooLarge).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(DOCUMENT_MESSAGES.missing).toBe(UPLOAD_MESSAGES.missing);
  });

  it("takes for attachments every type either upload takes, with the same limit and messages", () => {
    expect([...ATTACHMENT_UPLOAD_TYPES].sort()).toEqual([...new Set([...DOCUMENT_UPLOAD_TYPES, ...BULK_UPLOAD_TYPES])].sort());
    expect(checkAttachmentFile({ name: "Annex.CSV", size: 52428800 })).toBeNull();
    expect(checkAttachmentFile({ name: "annex.pdf", size: 52428801 })).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(checkAttachmentFile({ name: "setup.exe", size: 10 })).toBe(DOCUMENT_MESSAGES.invalidType);
  });

  it("refuses other types and files over 50MB, accepting exactly 50MB", () => {
    expect(checkUploadFile({ name: "Report.PDF", size: 10 })).toBeNull();
    expect(checkUploadFile({ name: "photo.jpeg", size: 52428800 })).toBeNull();
    expect(checkUploadFile({ name: "photo.jpg", size: 52428801 })).toBe("File too large: Please select a file smaller than 50MB");
    for (const name of ["setup.exe", "data.csv", "noextension", "archive.pdf.zip", ".pdf"]) {
      expect(checkUploadFile({ name, size: 1 }), name).toBe("Invalid file type: Please select a supported file type");
    }
  });

  it("pre-fills the title from the file name without its extension", () => {
    expect(titleFromFileName("Baidoa Site Monitoring Q1.pdf")).toBe("Baidoa Site Monitoring Q1");
    expect(titleFromFileName("C:\\fakepath\\report.v2.docx")).toBe("report.v2");
    expect(titleFromFileName("README")).toBe("README");
  });

  it("splits tags as the server stores them", () => {
    for (const raw of [" IDP , baidoa, idp ,", ",,", "Évictions, évictions, Kismayo", ""]) {
      expect(splitTags(raw), raw).toEqual(normaliseTags(raw));
    }
    expect(splitTags(" IDP , baidoa, idp ,")).toEqual(["IDP", "baidoa"]);
  });

  it("places the progress in the spec's stages", () => {
    expect([0, 24, 25, 74, 75, 99, 100].map(uploadStage)).toEqual([
      "preparing",
      "preparing",
      "uploading",
      "uploading",
      "creating",
      "creating",
      "complete",
    ]);
    expect([uploadPercent(0, 100), uploadPercent(50, 100), uploadPercent(100, 100), uploadPercent(5, 0)]).toEqual([25, 50, 75, 25]);
  });

  it("splits a message into a toast's title and text", () => {
    expect(splitMessage("Validation Error: Title is required")).toEqual({ title: "Validation Error", description: "Title is required" });
    expect(splitMessage("Something broke", "Upload failed")).toEqual({ title: "Upload failed", description: "Something broke" });
  });

  it("offers the edit dialog's categories, keeping a document's own when the list lacks it", () => {
    expect(editCategoryOptions("Policy").map((o) => o.label)).toEqual([
      "Report",
      "Guidelines",
      "Standards",
      "Training",
      "Presentation",
      "Other",
    ]);
    expect(editCategoryOptions("Template").at(-1)).toEqual({ label: "Template", value: "Template" });
  });
});
