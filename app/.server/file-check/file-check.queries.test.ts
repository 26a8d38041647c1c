import { expect, it } from "vitest";
import { FILE_COLUMNS } from "../transfer/tables";
import { FILE_SOURCES } from "./file-check.queries";

it("checks every column naming a stored object that an export carries along, and no other", () => {
  expect(FILE_SOURCES.map((s) => `${s.table}.${s.key}`).sort()).toEqual(FILE_COLUMNS.map((c) => `${c.table}.${c.key}`).sort());
});
