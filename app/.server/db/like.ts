/**
 * A LIKE pattern matching text that contains `needle` anywhere: `%`, `_` and `\` in the needle
 * match themselves. Queries using it must say `escape '\'`.
 */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
