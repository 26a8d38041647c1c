import { describe, expect, it } from "vitest";
import { BULK_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from "~/.server/uploads/file-types";
import {
  BULK_EXTENSIONS,
  BULK_MAX_BYTES,
  bulkTitle,
  checkBulkFile,
  compareNames,
  folderCategory,
  GUIDANCE_FOLDERS,
  isGuidanceFolder,
  QUICK_SETUP_PAUSE_MS,
  quickSetupSummary,
  sameFolderName,
} from "./folders";

describe("guidance folders", () => {
  it("are the spec's eleven, in order, 300 ms apart", () => {
    expect(GUIDANCE_FOLDERS).toEqual([
      "ASA & Localization",
      "CFM & Referrals",
      "Data Collection",
      "Meeting Guidelines",
      "Net 2.0",
      "Operational Guidance",
      "Relocations & Decongestions",
      "Safety Audits",
      "Service Mapping",
      "Site Verifications",
      "Strategy and TOR",
    ]);
    expect(QUICK_SETUP_PAUSE_MS).toBe(300);
    expect(isGuidanceFolder("Net 2.0")).toBe(true);
    expect(isGuidanceFolder("net 2.0")).toBe(false);
  });

  it("closes the run with a count of successes and failures; pending and creating count as neither", () => {
    expect(quickSetupSummary(GUIDANCE_FOLDERS.map((name) => ({ name, status: "success" })))).toBe("11 succeeded, 0 failed");
    expect(
      quickSetupSummary([
        { name: "a", status: "success", existed: true },
        { name: "b", status: "error" },
        { name: "c", status: "pending" },
        { name: "d", status: "creating" },
      ]),
    ).toBe("1 succeeded, 1 failed");
  });

  it("compares names trimmed and case-insensitively, and sorts them as people read them", () => {
    expect(sameFolderName("  safety AUDITS ", "Safety Audits")).toBe(true);
    expect(sameFolderName("Safety Audit", "Safety Audits")).toBe(false);
    expect(["Zones", "échanges", "Data", "data", "Net 10", "Net 2.0"].sort(compareNames)).toEqual([
      "Data",
      "data",
      "échanges",
      "Net 2.0",
      "Net 10",
      "Zones",
    ]);
  });
});

describe("folder upload categories", () => {
  it("accepts the folder form's upper-case list only, stored canonical", () => {
    expect(folderCategory("REPORT")).toBe("Report");
    expect(folderCategory("GUIDELINE")).toBe("Guideline");
    expect(folderCategory("presentation")).toBe("Presentation");
    expect(folderCategory("OTHER")).toBeNull();
    expect(folderCategory("Standards")).toBeNull();
    expect(folderCategory("")).toBeNull();
    expect(folderCategory(null)).toBeNull();
  });
});

describe("bulk upload checks", () => {
  it("uses the server's list of types and its limit of 52428800 bytes", () => {
    expect([...BULK_EXTENSIONS]).toEqual([...BULK_UPLOAD_TYPES]);
    expect(BULK_MAX_BYTES).toBe(MAX_UPLOAD_BYTES);
    expect(BULK_MAX_BYTES).toBe(52428800);
  });

  it("gives each refused file the spec's message", () => {
    expect(checkBulkFile({ name: "a.pdf", size: 52428800 })).toBeNull();
    expect(checkBulkFile({ name: "sites.CSV", size: 10 })).toBeNull();
    expect(checkBulkFile({ name: "a.pdf", size: 52428801 })).toBe("File too large: Please select a file smaller than 50MB");
    expect(checkBulkFile({ name: "photo.jpg", size: 10 })).toBe("Invalid file type: Please select a supported file type");
    expect(checkBulkFile({ name: "README", size: 10 })).toBe("Invalid file type: Please select a supported file type");
    expect(checkBulkFile({ name: "empty.txt", size: 0 })).toBe("Missing information: Please fill in all required fields and select a file");
  });

  it("titles a file with its name without the extension, or the whole name when that is all there is", () => {
    expect(bulkTitle("Site List 2024.pdf")).toBe("Site List 2024");
    expect(bulkTitle("C:\\Users\\me\\minutes.final.docx")).toBe("minutes.final");
    expect(bulkTitle(".pdf")).toBe(".pdf");
  });
});
