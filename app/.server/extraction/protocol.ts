/**
 * What passes between the parent and the child. The job goes in on the child's stdin; the child
 * answers on a pipe of its own (fd 3, so nothing a library prints on stdout can corrupt it) with
 * length-prefixed frames of V8's serialisation (strings and bytes as they are, no base64). The
 * parent's side of reading them is answer-reader.ts (kept apart: the child need not load zod).
 */

import v8 from "node:v8";
import type { DeclaredType } from "./file-kind";
import type { ExtractionLimits } from "./limits";
import type { ChildUsage, ReadOutcome, Thumbnail } from "./result";

/** The child's fd for its answer. */
export const ANSWER_FD = 3;

export type ChildJob = DeclaredType & { source: { path: string } | { bytes: Uint8Array }; limits: ExtractionLimits };

export type ChildMessage =
  | { type: "outcome"; outcome: ReadOutcome }
  | { type: "thumbnail"; thumbnail: Thumbnail | null; detail: string | null }
  | { type: "usage"; usage: ChildUsage };

export const encodeJob = (job: ChildJob): Buffer => v8.serialize(job);
export const decodeJob = (bytes: Buffer): ChildJob => v8.deserialize(bytes) as ChildJob;

export function frame(message: ChildMessage): Buffer {
  const body = v8.serialize(message);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  return Buffer.concat([head, body]);
}
