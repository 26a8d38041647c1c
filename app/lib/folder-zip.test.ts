import { describe, expect, it } from "vitest";
import { FOLDER_ZIP_MAX_FILES, folderZipFileName, folderZipSummary, MEGABYTE, uniqueEntryNames } from "./folder-zip";

describe("folder ZIP names and limit", () => {
  it("numbers repeated names, case-insensitively, never colliding with a real name", () => {
    expect(uniqueEntryNames(["Report.pdf", "report.pdf", "Report_2.pdf", "Report.pdf", "notes"])).toEqual([
      "Report.pdf",
      "report_3.pdf",
      "Report_2.pdf",
      "Report_4.pdf",
      "notes",
    ]);
  });

  it("names the ZIP after the folder by the download-name rule", () => {
    expect(folderZipFileName("Baidoa site plans / 2026")).toBe("Baidoa_site_plans___2026.zip");
    expect(folderZipFileName("   ")).toBe("document.zip");
  });

  it("is too large past the megabytes or the number of files, not at them", () => {
    expect(folderZipSummary(3, 2 * MEGABYTE, 2).tooLarge).toBe(false);
    expect(folderZipSummary(3, 2 * MEGABYTE + 1, 2).tooLarge).toBe(true);
    expect(folderZipSummary(FOLDER_ZIP_MAX_FILES + 1, 1, 2).tooLarge).toBe(true);
    expect(folderZipSummary(1, 1, 2).maxBytes).toBe(2 * MEGABYTE);
  });
});
