// The part of yauzl 3.4's API used here (its package ships no types; @types/yauzl describes 2.x,
// without the promise functions).
declare module "yauzl" {
  import type { Readable } from "node:stream";

  export type Options = {
    autoClose?: boolean;
    lazyEntries?: boolean;
    decodeStrings?: boolean;
    validateEntrySizes?: boolean;
    strictFileNames?: boolean;
  };

  export interface Entry {
    fileName: string;
    compressedSize: number;
    uncompressedSize: number;
    compressionMethod: number;
    isEncrypted(): boolean;
    canDecodeFileData(): boolean;
  }

  export interface ZipFile {
    entryCount: number;
    eachEntry(): AsyncIterableIterator<Entry>;
    openReadStreamPromise(entry: Entry): Promise<Readable>;
    close(): void;
  }

  export function fromBufferPromise(buffer: Buffer, options?: Options): Promise<ZipFile>;
  export function openPromise(path: string, options?: Options): Promise<ZipFile>;
}
