import { type RawBuilder, sql } from "kysely";
import type { Engine } from "./client";

/**
 * `column` is one of `ids`, with the ids bound as one parameter: a list of thousands would
 * otherwise be thousands of parameters (SQLite allows 32,766 in a statement). PostgreSQL reads a
 * text array; SQLite a JSON array through json_each.
 */
export function isOneOf(engine: Engine, column: RawBuilder<unknown>, ids: readonly string[]): RawBuilder<boolean> {
  return engine === "postgres"
    ? sql<boolean>`${column} = any(${[...ids]}::text[])`
    : sql<boolean>`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}
