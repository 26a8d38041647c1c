/**
 * Zips written in memory, for the demo's Office files (and, through tests/support/zip-writer.ts,
 * the extraction tests): local headers, a central directory and CRC-32, no zip64 (every size
 * below 4 GiB). Sizes are written as given, so a test can also build an entry that lies.
 */

import zlib from "node:zlib";

export type RawEntry = {
  name: string;
  /** The entry's data as stored: deflated (method 8) or as is (method 0). */
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  /** The uncompressed size the headers declare. */
  size: number;
};

/** A zip of ready-made entries, in the order given. */
export function zipOf(entries: RawEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    locals.push(local, name, Buffer.from(e.data));
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** An honest entry, deflated. */
export function entry(name: string, content: string | Uint8Array): RawEntry {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
  return { name, data: zlib.deflateRawSync(bytes), method: 8, crc: zlib.crc32(bytes), size: bytes.length };
}

/** A zip of honest entries, in the order given. */
export function zipFiles(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipOf(Object.entries(files).map(([name, content]) => entry(name, content)));
}
