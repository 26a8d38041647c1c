/**
 * Brotli and gzip copies of the built browser files, made once at build time (react-router.config.ts
 * runs this when the build is written) so the server sends them without compressing anything per
 * request (built-assets.ts). Brotli at its highest quality takes about 3 s for the whole client
 * build, which no request could afford: its copies are 12-14% smaller than gzip's at level 9
 * (the main script: 215 kB, 58 kB with brotli, 67 kB with gzip).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** The encodings a built file may have beside it (`app.js.br`, `app.js.gz`), in the server's order of preference. */
export const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;
export type Encoding = (typeof PRECOMPRESSED)[number]["encoding"];

/** Formats written as text. Images, fonts (woff2) and archives are compressed already: nothing to gain. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|map|txt|xml|html|webmanifest|ico)$/i;

/** A copy is kept only when it saves at least this share of the bytes; a smaller win is not worth a second file. */
const MIN_SAVING = 0.1;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** Whether a name under the folder is a precompressed copy or hidden (e.g. Vite's `.vite/`): never compressed itself. */
function skipped(relative: string): boolean {
  return relative.split(path.sep).some((part) => part.startsWith(".")) || PRECOMPRESSED.some(({ suffix }) => relative.endsWith(suffix));
}

export interface PrecompressReport {
  /** Compressible files looked at, their bytes, and the bytes of their brotli copies (or of the file, where none was kept). */
  files: number;
  bytes: number;
  brotliBytes: number;
}

/** Writes `file.br` and `file.gz` beside every compressible file of `dir` (recursively) where they save enough. */
export async function precompressFolder(dir: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0 };
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => COMPRESSIBLE.test(file) && !skipped(path.relative(dir, file)));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.readFile(file);
      report.files++;
      report.bytes += bytes.length;
      let brotliBytes = bytes.length;
      for (const { encoding, suffix } of PRECOMPRESSED) {
        const packed = await compress(bytes, encoding);
        if (packed.length > bytes.length * (1 - MIN_SAVING)) continue;
        await fs.writeFile(`${file}${suffix}`, packed);
        if (encoding === "br") brotliBytes = packed.length;
      }
      report.brotliBytes += brotliBytes;
    }),
  );
  return report;
}
