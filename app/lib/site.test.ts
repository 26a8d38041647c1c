import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { contactsText, FALLBACK_CONTACTS, FALLBACK_MENU, footerLinks, menuText } from "./site";

describe("the default menu", () => {
  it("links each of the three lists, and the footer's quick links keep them", () => {
    for (const list of ["/reports", "/guidelines", "/standards"]) {
      expect(FALLBACK_MENU.map((m) => m.url)).toContain(list);
      expect(footerLinks(FALLBACK_MENU).map((m) => m.url)).toContain(list);
    }
  });
});

describe("the default menu and contacts in the page's language", () => {
  it("are the defaults themselves in English", () => {
    expect(menuText(FALLBACK_MENU, i18nFor("en"))).toEqual(FALLBACK_MENU);
    expect(contactsText(FALLBACK_CONTACTS, i18nFor("en"))).toEqual(FALLBACK_CONTACTS);
  });

  it("translate only the items that are the defaults, and keep what staff wrote as written", () => {
    const so = i18nFor("so");
    const staff = { title: "Home", url: "/start", icon: "home" as const };
    const menu = menuText([FALLBACK_MENU[1]!, staff], so);
    expect(menu[0]).toMatchObject({ url: "/reports", icon: "file-text" });
    expect(menu[0]!.title).not.toBe("Reports");
    expect(menu[1]).toEqual(staff);
    const mine = { label: "General inquiries", value: "info@example.org", type: "email" };
    const contacts = contactsText([FALLBACK_CONTACTS[0]!, mine], so);
    expect(contacts[0]!.label).not.toBe(FALLBACK_CONTACTS[0]!.label);
    expect(contacts[0]!.value).toBe(FALLBACK_CONTACTS[0]!.value);
    expect(contacts[1]).toEqual(mine);
  });

  it("give Somali readers the Somali title or label staff gave, English readers the English one, and only the one shown", () => {
    const so = i18nFor("so");
    const en = i18nFor("en");
    const item = { ...FALLBACK_MENU[1]!, titleSo: "Warbixinnada goobaha" };
    expect(menuText([item], so)).toEqual([{ title: "Warbixinnada goobaha", url: "/reports", icon: "file-text" }]);
    expect(menuText([item], en)).toEqual([FALLBACK_MENU[1]]);
    expect(menuText([{ ...item, titleSo: "" }], so)[0]!.title).toBe(menuText([FALLBACK_MENU[1]!], so)[0]!.title);
    const contact = { label: "Duty officer", labelSo: "Sarkaalka shaqada", value: "duty@example.org", type: "email" };
    expect(contactsText([contact], so)).toEqual([{ label: "Sarkaalka shaqada", value: "duty@example.org", type: "email" }]);
    expect(contactsText([contact], en)).toEqual([{ label: "Duty officer", value: "duty@example.org", type: "email" }]);
    expect(contactsText([contact], i18nFor("en-XA"))[0]!.label).toBe("Duty officer");
  });
});
