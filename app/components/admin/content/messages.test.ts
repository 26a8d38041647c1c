import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { CATEGORIES, UPLOAD_CATEGORIES } from "~/lib/categories";
import { DASHBOARD_MESSAGES, DASHBOARD_TYPES } from "~/lib/dashboard-form";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { FACET_MESSAGES } from "~/lib/document-facets";
import { ATTACHMENT_MESSAGES, DOCUMENT_MESSAGES, EDIT_CATEGORIES } from "~/lib/document-form";
import { FOLDER_MESSAGES, FOLDER_UPLOAD_CATEGORIES, quickSetupSummary } from "~/lib/folders";
import {
  bulkSummaryOf,
  bulkSummaryText,
  categoryLabel,
  dashboardTypeLabel,
  KNOWN_MESSAGES,
  localMessage,
  localParts,
  localSplit,
  quickSetupSummaryText,
  stageLabel,
} from "./messages";

const en = i18nFor("en");
const so = i18nFor("so");

const RULE_MESSAGES = [
  ...Object.values(DOCUMENT_MESSAGES),
  ...Object.values(ATTACHMENT_MESSAGES),
  ...Object.values(FACET_MESSAGES),
  ...Object.values(DASHBOARD_MESSAGES),
  ...Object.values(THUMBNAIL_MESSAGES),
  ...Object.values(FOLDER_MESSAGES),
];

describe("the content screens' messages in the page's language", () => {
  it("know every message of the rules in app/lib, and say each exactly so in English", () => {
    for (const text of RULE_MESSAGES) {
      expect(KNOWN_MESSAGES, text).toContain(text);
      expect(localMessage(text, en)).toBe(text);
    }
  });

  it("give each in Somali, keeping a toast's title before its text", () => {
    for (const text of RULE_MESSAGES) {
      const somali = localMessage(text, so);
      expect(somali, text).not.toBe(text);
      expect(somali.includes(": "), text).toBe(text.includes(": "));
    }
  });

  it("leave a text they do not know as it is (the server's own, already in the request's language)", () => {
    expect(localMessage("Cusboonaysiintu way fashilantay: Dukumentiga lama helin", so)).toBe(
      "Cusboonaysiintu way fashilantay: Dukumentiga lama helin",
    );
    expect(localParts({ title: "Upload failed", description: "Something else" }, so)).toEqual({
      title: "Upload failed",
      description: "Something else",
    });
  });

  it("split a message into a toast's title and text, with a title of its own when it has none", () => {
    expect(localSplit(DOCUMENT_MESSAGES.titleRequired, en)).toEqual({ title: "Validation Error", description: "Title is required" });
    expect(localSplit(FOLDER_MESSAGES.createFailed, en)).toEqual({ title: "Error", description: "Failed to create folder" });
    expect(localParts({ title: "Invalid file type", description: "Please select a supported file type" }, en)).toEqual({
      title: "Invalid file type",
      description: "Please select a supported file type",
    });
    expect(localParts({ title: "Invalid file type", description: "Please select a supported file type" }, so).title).not.toBe(
      "Invalid file type",
    );
  });

  it("label the upload's stages as the spec does", () => {
    expect((["preparing", "uploading", "creating", "complete"] as const).map((s) => stageLabel(s, en))).toEqual([
      "Preparing upload...",
      "Uploading file...",
      "Creating record...",
      "Complete!",
    ]);
  });

  it("count Quick Setup's and a bulk upload's results", () => {
    const items = [
      { name: "a", status: "success" as const, existed: true },
      { name: "b", status: "error" as const },
      { name: "c", status: "pending" as const },
    ];
    expect(quickSetupSummaryText(items, en)).toBe("1 succeeded, 1 failed");
    expect(quickSetupSummaryText(items, en)).toBe(quickSetupSummary(items));
    expect(bulkSummaryText(1, 0, en)).toBe("1 file uploaded, 0 not uploaded");
    expect(
      bulkSummaryOf(
        [
          { name: "a", ok: true, documentId: "1", title: "a" },
          { name: "b", ok: false, message: "x" },
          { name: "c", ok: true, documentId: "2", title: "c" },
        ],
        en,
      ),
    ).toBe("2 files uploaded, 1 not uploaded");
    expect(bulkSummaryText(2, 1, so)).toContain("2");
  });

  it("name every category and dashboard type the forms offer, in English as they were", () => {
    for (const label of [...CATEGORIES, ...UPLOAD_CATEGORIES, ...FOLDER_UPLOAD_CATEGORIES, ...EDIT_CATEGORIES.map((c) => c.label)]) {
      expect(categoryLabel(label, en)).toBe(label);
      expect(categoryLabel(label, so), label).not.toBe(label);
    }
    expect(categoryLabel("Something stored long ago", so)).toBe("Something stored long ago");
    expect(DASHBOARD_TYPES.map((type) => dashboardTypeLabel(type, en))).toEqual([
      "Site Monitoring",
      "New Arrivals",
      "Catchment Areas",
      "Facility Mapping",
      "Other",
    ]);
    expect(dashboardTypeLabel("legacy", en)).toBe("legacy");
  });
});
