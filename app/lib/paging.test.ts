import { describe, expect, it } from "vitest";
import { PER_MAX, PER_MIN, pageHref, pageWindow, readPage, readPaging, TABLE_PER } from "./paging";

const read = (search: string, defaultPer?: number) => readPaging(new URLSearchParams(search), defaultPer);

describe("reading page and per from an address", () => {
  it("defaults to page 1 and the list's page size", () => {
    expect(read("")).toEqual({ page: 1, per: TABLE_PER });
    expect(read("", 24)).toEqual({ page: 1, per: 24 });
    expect(read("page=3&per=12")).toEqual({ page: 3, per: 12 });
  });

  it("turns hostile pages into page 1, never throwing", () => {
    for (const page of ["-1", "0", "1e309", "abc", "", " ", "1.5", "0x10", "Infinity", "NaN", "9999999999999", "%00"]) {
      expect(read(`page=${page}`).page, page).toBe(1);
    }
    // A huge but well-formed page is kept here; the list shows its last page (pageWindow).
    expect(read("page=99999999").page).toBe(99999999);
  });

  it("clamps per to 12..100 and ignores what is not a number", () => {
    expect(read("per=100000").per).toBe(PER_MAX);
    expect(read("per=1").per).toBe(PER_MIN);
    expect(read("per=0").per).toBe(TABLE_PER);
    expect(read("per=-5").per).toBe(TABLE_PER);
    expect(read("per=abc").per).toBe(TABLE_PER);
    expect(read("per=1e309").per).toBe(TABLE_PER);
    expect(read("per=37").per).toBe(37);
  });

  it("reads a second list's page under its own name", () => {
    expect(readPaging(new URLSearchParams("page=2&fpage=5&per=20"), TABLE_PER, "fpage")).toEqual({ page: 5, per: 20 });
  });
});

describe("where a page lies", () => {
  it("shows the last page for a page past the end, and page 1 of an empty list", () => {
    expect(pageWindow(120, { page: 2, per: 50 })).toEqual({ page: 2, per: 50, pageCount: 3, offset: 50 });
    expect(pageWindow(120, { page: 99999999, per: 50 })).toEqual({ page: 3, per: 50, pageCount: 3, offset: 100 });
    expect(pageWindow(0, { page: 7, per: 50 })).toEqual({ page: 1, per: 50, pageCount: 1, offset: 0 });
    expect(pageWindow(10, { page: Number.POSITIVE_INFINITY, per: 50 })).toMatchObject({ page: 1, offset: 0 });
    expect(pageWindow(10, { page: -3, per: 1000 })).toMatchObject({ page: 1, per: PER_MAX });
  });

  it("counts first and reads only the rows of the page shown", async () => {
    const asked: Array<[number, number]> = [];
    const page = await readPage(
      { page: 9, per: 12 },
      async () => 30,
      async (limit, offset) => {
        asked.push([limit, offset]);
        return ["x"];
      },
    );
    expect(asked).toEqual([[12, 24]]);
    expect(page).toEqual({ items: ["x"], total: 30, page: 3, per: 12, pageCount: 3 });
    let read = false;
    const empty = await readPage(
      { page: 2, per: 12 },
      async () => 0,
      async () => {
        read = true;
        return [];
      },
    );
    expect(read).toBe(false);
    expect(empty).toEqual({ items: [], total: 0, page: 1, per: 12, pageCount: 1 });
  });
});

describe("page addresses", () => {
  it("carry the list's state, per only when not the default, and the page past the first", () => {
    expect(pageHref("/admin/users", {}, 1, TABLE_PER)).toBe("/admin/users");
    expect(pageHref("/admin/users", {}, 2, TABLE_PER)).toBe("/admin/users?page=2");
    expect(pageHref("/admin/folders", { q: "audit & co", empty: "" }, 3, 12, 24)).toBe("/admin/folders?q=audit+%26+co&per=12&page=3");
    expect(pageHref("/admin/shareable-links", { page: "2", fpage: "4" }, 3, TABLE_PER, TABLE_PER, "fpage")).toBe(
      "/admin/shareable-links?page=2&fpage=3",
    );
  });
});
