/** A result as a person reads it on a terminal (`portal extract`, the benchmark). */

import type { ExtractionResult } from "./result";

export function describeResult(result: ExtractionResult): string {
  const status = result.status === "done" ? "done" : `failed: ${result.reason}`;
  const lines = [
    `status     ${status}${result.truncated ? " (text truncated at a limit)" : ""}`,
    `type       ${result.kind ?? "unknown"}`,
    `pages      ${result.pageCount ?? "unknown"}; ${textRead(result)}`,
    `text       ${result.textBytes} bytes (UTF-8)`,
    `thumbnail  ${result.thumbnail ? `${result.thumbnail.width}x${result.thumbnail.height} WebP, ${result.thumbnail.bytes.length} bytes` : "none"}`,
    `time       ${result.elapsedMs} ms${usage(result)}`,
  ];
  if (result.detail) lines.push(`detail     ${result.detail}`);
  return lines.join("\n");
}

/** The text, each page under a heading. */
export function formatPages(result: ExtractionResult): string {
  return result.pages
    .map((p) => `--- ${result.unit === "whole" ? "text" : `${result.unit} ${p.number}`}${p.label ? ` (${p.label})` : ""} ---\n${p.text}`)
    .join("\n\n");
}

const usage = ({ usage: u }: ExtractionResult) =>
  u
    ? ` (child: started in ${Math.round(u.startupMs)} ms, worked ${Math.round(u.workMs)} ms, peak memory ${Math.round(u.peakRssBytes / 1024 / 1024)} MB)`
    : "";

const textRead = ({ unit, pages }: ExtractionResult) =>
  unit === "whole" ? "text read as one whole" : `text read from ${pages.length} ${unit ?? "page"}${pages.length === 1 ? "" : "s"}`;
