/**
 * The parent's side of the child's answer: frames reassembled from the pipe, at most a fixed
 * number of bytes, every field checked before the parent trusts it.
 */

import v8 from "node:v8";
import { z } from "zod";
import type { ChildMessage } from "./protocol";
import { FAILURE_REASONS } from "./result";

const thumbnailSchema = z.object({
  bytes: z.instanceof(Uint8Array),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const outcomeSchema = z.object({
  status: z.enum(["done", "failed"]),
  reason: z.enum(Object.values(FAILURE_REASONS) as [string, ...string[]]).nullable(),
  kind: z.enum(["pdf", "docx", "xlsx", "pptx", "text", "image"]).nullable(),
  unit: z.enum(["page", "slide", "sheet", "whole"]).nullable(),
  pages: z.array(z.object({ number: z.number().int().positive(), text: z.string(), label: z.string().optional() })),
  pageCount: z.number().int().nonnegative().nullable(),
  truncated: z.boolean(),
  textBytes: z.number().int().nonnegative(),
  thumbnail: thumbnailSchema.nullable(),
  detail: z.string().nullable(),
});

const messageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("outcome"), outcome: outcomeSchema }),
  z.object({ type: z.literal("thumbnail"), thumbnail: thumbnailSchema.nullable(), detail: z.string().nullable() }),
  z.object({
    type: z.literal("usage"),
    usage: z.object({
      startupMs: z.number().nonnegative(),
      workMs: z.number().nonnegative(),
      peakRssBytes: z.number().int().nonnegative(),
    }),
  }),
]);

/** The child answered more than the parent reads: a runaway reader, treated as a file too large to read. */
export class AnswerTooLarge extends Error {}

/** Collects frames from the child's answer pipe; throws when the child sends more than `maxBytes` or a malformed frame. */
export class FrameReader {
  // Chunks are joined once per frame, not once per chunk: a frame of megabytes arrives in 64 KB pieces.
  private chunks: Buffer[] = [];
  private size = 0;
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): ChildMessage[] {
    this.total += chunk.length;
    if (this.total > this.maxBytes) throw new AnswerTooLarge(`the child answered more than ${this.maxBytes} bytes`);
    this.chunks.push(chunk);
    this.size += chunk.length;
    const messages: ChildMessage[] = [];
    while (this.size >= 4) {
      if (this.chunks[0]!.length < 4) this.chunks = [Buffer.concat(this.chunks, this.size)];
      const length = this.chunks[0]!.readUInt32BE(0);
      if (this.size < 4 + length) break;
      const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
      messages.push(messageSchema.parse(v8.deserialize(all.subarray(4, 4 + length))) as ChildMessage);
      const rest = all.subarray(4 + length);
      this.chunks = rest.length ? [rest] : [];
      this.size = rest.length;
    }
    return messages;
  }
}
