import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { documentShareUrl, reportIssueHref, SHARE_TARGETS, shareHref, shareSubject, shareText } from "./share";

const input = { url: "https://portal.example.org/document/1234", title: "Baidoa Site Monitoring & Evictions" };

function query(href: string): URLSearchParams {
  return new URL(href).searchParams;
}

describe("share messages and targets", () => {
  it("starts every message with the cluster prefix and Document:", () => {
    expect(shareSubject(input.title)).toBe("[CCCM Somalia] Document: Baidoa Site Monitoring & Evictions");
    expect(shareText(input)).toBe(
      "[CCCM Somalia] Document: Baidoa Site Monitoring & Evictions\n\nhttps://portal.example.org/document/1234",
    );
    expect(shareText({ ...input, message: "  For the Baidoa meeting  " })).toBe(
      "[CCCM Somalia] Document: Baidoa Site Monitoring & Evictions\n\nFor the Baidoa meeting\n\nhttps://portal.example.org/document/1234",
    );
  });

  it("builds an e-mail with recipient, subject and body", () => {
    const href = shareHref("email", { ...input, email: "amina@example.org", message: "See p. 3" });
    expect(href.startsWith("mailto:amina@example.org?")).toBe(true);
    expect(query(href.replace("mailto:", "https://x/")).get("subject")).toBe("[CCCM Somalia] Document: Baidoa Site Monitoring & Evictions");
    expect(query(href.replace("mailto:", "https://x/")).get("body")).toBe(
      "[CCCM Somalia] Document: Baidoa Site Monitoring & Evictions\n\nSee p. 3\n\nhttps://portal.example.org/document/1234",
    );
    // Spaces are %20 in mailto (a "+" would reach the mail client as a plus sign).
    expect(href).not.toContain("+");
    expect(shareHref("email", input).startsWith("mailto:?subject=")).toBe(true);
  });

  it("cannot be steered to other headers through the recipient field", () => {
    const href = shareHref("email", { ...input, email: "a@example.org?bcc=x@example.org&subject=spam" });
    const parsed = query(href.replace("mailto:", "https://x/"));
    expect(parsed.get("bcc")).toBeNull();
    expect(parsed.get("subject")).toBe("[CCCM Somalia] Document: Baidoa Site Monitoring & Evictions");
  });

  it("uses each network's public share address with the message and the link", () => {
    const starts = {
      whatsapp: "https://wa.me/?text=",
      twitter: "https://twitter.com/intent/tweet?",
      facebook: "https://www.facebook.com/sharer/sharer.php?",
      linkedin: "https://www.linkedin.com/shareArticle?",
    } as const;
    for (const [target, start] of Object.entries(starts) as [keyof typeof starts, string][]) {
      const href = shareHref(target, input);
      expect(href.startsWith(start), target).toBe(true);
      const decoded = decodeURIComponent(href);
      expect(decoded, target).toContain("[CCCM Somalia] Document: Baidoa Site Monitoring & Evictions");
      expect(decoded, target).toContain(input.url);
    }
    expect(query(shareHref("twitter", input)).get("url")).toBe(input.url);
    expect(query(shareHref("facebook", input)).get("u")).toBe(input.url);
    expect(query(shareHref("linkedin", input)).get("url")).toBe(input.url);
    expect(SHARE_TARGETS.map((t) => t.label)).toEqual(["Email", "WhatsApp", "Twitter", "Facebook", "LinkedIn"]);
  });

  it("reports an issue to the support mailbox with the title and the document id", () => {
    const href = reportIssueHref("info@cccm-somalia.example.org", { id: "1234", title: input.title }, input.url);
    expect(href.startsWith("mailto:info@cccm-somalia.example.org?subject=")).toBe(true);
    const parsed = query(href.replace("mailto:", "https://x/"));
    expect(parsed.get("subject")).toBe("Report an issue: Baidoa Site Monitoring & Evictions (1234)");
    expect(parsed.get("body")).toContain("Document ID: 1234");
    expect(parsed.get("body")).toContain(`Document: ${input.title}`);
  });
});

describe("share messages in the reader's language", () => {
  it("are the English ones for an English reader", () => {
    const en = i18nFor("en");
    for (const target of SHARE_TARGETS.map((t) => t.target)) expect(shareHref(target, input, en)).toBe(shareHref(target, input));
    expect(reportIssueHref("a@example.org", { id: "1", title: "T" }, input.url, en)).toBe(
      reportIssueHref("a@example.org", { id: "1", title: "T" }, input.url),
    );
  });

  it("keep the prefix, the title and the link for a Somali reader, with the words in Somali", () => {
    const so = i18nFor("so");
    const subject = shareSubject(input.title, so);
    expect(subject.startsWith("[CCCM Somalia] ")).toBe(true);
    expect(subject).toContain(input.title);
    expect(subject).not.toContain("Document:");
    const decoded = decodeURIComponent(shareHref("whatsapp", input, so));
    expect(decoded).toContain(subject);
    expect(decoded).toContain(input.url);
    const issue = query(
      reportIssueHref("a@example.org", { id: "1234", title: input.title }, input.url, so).replace("mailto:", "https://x/"),
    );
    expect(issue.get("subject")).toContain("1234");
    expect(issue.get("subject")).not.toContain("Report an issue");
    expect(issue.get("body")).not.toContain("Describe the issue");
  });
});

describe("a document's share address", () => {
  it("is /document/{id} on the portal's origin, whatever page it is shared from", () => {
    expect(documentShareUrl("https://portal.example.org", "1234")).toBe("https://portal.example.org/document/1234");
    expect(documentShareUrl("https://portal.example.org/reports?q=baidoa", "1234")).toBe("https://portal.example.org/document/1234");
    expect(documentShareUrl("http://127.0.0.1:3000/", "a b/c")).toBe("http://127.0.0.1:3000/document/a%20b%2Fc");
  });
});
