// The part of yazl 3.3's API used here (its package ships no types).
declare module "yazl" {
  import type { EventEmitter } from "node:events";
  import type { PassThrough, Readable } from "node:stream";

  export interface EntryOptions {
    mtime?: Date;
    mode?: number;
    compress?: boolean;
    size?: number;
  }

  export class ZipFile extends EventEmitter {
    outputStream: PassThrough;
    addReadStreamLazy(
      metadataPath: string,
      options: EntryOptions,
      getReadStream: (callback: (error: Error | null, stream?: Readable) => void) => void,
    ): void;
    /** The callback learns the archive's exact length (-1 when it cannot be known). */
    end(options?: { forceZip64Format?: boolean }, calculatedTotalSize?: (bytes: number) => void): void;
  }
}
