/**
 * The production build's browser files (build/client), served from memory with the brotli or gzip
 * copy the build made beside each (precompress.ts): no compression and no disk access per request.
 *
 * The folder is read once at start (about 1.5 MB with the copies). It is also the build this
 * process's pages name: a rebuild while the server runs replaces the files on disk, but the pages
 * this process renders keep asking for the old fingerprints, which it still has.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import type express from "express";
import { type Encoding, PRECOMPRESSED } from "./precompress";

interface Variant {
  body: Buffer;
  /** Strong, from the bytes sent: each encoding has its own (RFC 9110 8.8.3). */
  etag: string;
}

interface Asset {
  /** Its extension, for the Content-Type of the original whatever the encoding sent. */
  ext: string;
  cacheControl: string;
  identity: Variant;
  encoded: Map<Encoding, Variant>;
}

/** Fingerprinted (`/assets/app-3wGVYaTX.css`): a new build names new files, so a year and never revalidated. */
const FINGERPRINTED = "public, max-age=31536000, immutable";
/** The rest (the icon) keeps its name from build to build. */
const NAMED = "public, max-age=3600";
/**
 * The service worker (decision 0036): asked again on every check, so a new release reaches the
 * readers as soon as it is served (browsers cap a worker's freshness at a day anyway).
 */
const WORKER = "no-cache";

/** The answers this module sent: the compression middleware leaves them alone (server/http.ts). */
const answered = new WeakSet<ServerResponse>();

export function isBuiltAsset(res: ServerResponse): boolean {
  return answered.has(res);
}

function variant(body: Buffer): Variant {
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

/** Every file of the folder by its URL path, with its precompressed copies; hidden names are not served. */
export function readBuiltAssets(clientDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(clientDir)) return assets;
  const names = new Set(
    fs
      .readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)))
      .filter((relative) => !relative.split(path.sep).some((part) => part.startsWith("."))),
  );
  const isCopy = (name: string) => PRECOMPRESSED.some(({ suffix }) => name.endsWith(suffix) && names.has(name.slice(0, -suffix.length)));
  for (const name of names) {
    if (isCopy(name)) continue;
    const file = path.join(clientDir, name);
    const encoded = new Map<Encoding, Variant>();
    for (const { encoding, suffix } of PRECOMPRESSED) {
      if (names.has(`${name}${suffix}`)) encoded.set(encoding, variant(fs.readFileSync(`${file}${suffix}`)));
    }
    const urlPath = `/${name.split(path.sep).join("/")}`;
    assets.set(urlPath, {
      ext: path.extname(name),
      cacheControl: urlPath.startsWith("/assets/") ? FINGERPRINTED : urlPath === "/sw.js" ? WORKER : NAMED,
      identity: variant(fs.readFileSync(file)),
      encoded,
    });
  }
  return assets;
}

/**
 * The encoding to send among those a file has: the client's highest q-value, br before gzip
 * before none when equal; a coding with q=0 never. `identity` not named counts as the lowest
 * q-value named (as the negotiator package does); with nothing acceptable, the file as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: Iterable<Encoding>): Encoding | "identity" {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf("=") + 1).trim());
    weights.set(coding === "x-gzip" ? "gzip" : coding, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const named = [...weights.values()];
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? (coding === "identity" ? Math.min(1, ...named) : 0);
  const offered = new Set(available);
  // In preference order, identity last: the first of the highest weight wins.
  const candidates: Array<Encoding | "identity"> = [...PRECOMPRESSED.map((p) => p.encoding).filter((e) => offered.has(e)), "identity"];
  const best = candidates.reduce((a, b) => (weightOf(b) > weightOf(a) ? b : a));
  return weightOf(best) > 0 ? best : "identity";
}

function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/**
 * The handler: GET and HEAD of a built file, with its Content-Type, the chosen encoding,
 * Content-Length, ETag (304 when the client has it), `Vary: Accept-Encoding` where there is a
 * choice, and the cache lifetime; anything else goes on to the next handler.
 */
export function builtAssets(assets: ReadonlyMap<string, Asset>): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = decodedPath(req.path);
    const asset = pathname === null ? undefined : assets.get(pathname);
    if (!asset) return next();
    const encoding = chooseEncoding(req.get("accept-encoding"), asset.encoded.keys());
    const sent = encoding === "identity" ? asset.identity : (asset.encoded.get(encoding) ?? asset.identity);
    answered.add(res);
    res.set({ "Cache-Control": asset.cacheControl, ETag: sent.etag });
    if (asset.encoded.size > 0) res.vary("Accept-Encoding");
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type(asset.ext);
    if (encoding !== "identity") res.set("Content-Encoding", encoding);
    res.set("Content-Length", String(sent.body.length));
    if (req.method === "HEAD") res.end();
    else res.end(sent.body);
  };
}
