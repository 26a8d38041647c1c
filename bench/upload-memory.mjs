#!/usr/bin/env node
// @ts-check
/**
 * How much memory a 50 MB upload costs the server (issue 2: at most +50 MB
 * peak RSS over idle), and that 50 MB + 1 byte is refused. Uploads stream a
 * real file from disk through the admin form's multipart POST on loopback.
 *
 *   npm run bench:upload
 */
import fs from "node:fs";
import path from "node:path";
import { createAdmin, ensureBuild, memory, printTable, resetPeak, signIn, startServer, tempDataDir } from "./support.mjs";

const MB = 1024 * 1024;
ensureBuild();
const dataDir = tempDataDir();
createAdmin(dataDir, "bench@example.org", "bench-password");
const server = await startServer(dataDir);
const rows = [];
try {
  const cookie = await signIn(server.url, "bench@example.org", "bench-password");

  /** @param {number} size */
  const makeFile = (size) => {
    const file = path.join(dataDir, `upload-${size}.pdf`);
    const fd = fs.openSync(file, "w");
    fs.writeSync(fd, "%PDF-1.7\n");
    const chunk = Buffer.alloc(MB, 0x20);
    let written = 9;
    while (written < size) written += fs.writeSync(fd, chunk, 0, Math.min(MB, size - written));
    fs.closeSync(fd);
    return file;
  };

  /** @param {string} label @param {number} size */
  const upload = async (label, size) => {
    const file = makeFile(size);
    const form = new FormData();
    form.append("title", label);
    form.append("category", "Report");
    form.append("published", "true");
    form.append("file", await fs.openAsBlob(file, { type: "application/pdf" }), `${label}.pdf`);
    // Let the server settle, then measure from a fresh peak.
    await new Promise((r) => setTimeout(r, 500));
    resetPeak(server.pid);
    const idle = memory(server.pid).rss;
    const t0 = performance.now();
    const res = await fetch(`${server.url}/admin/documents`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: server.url },
    });
    const body = await res.text();
    const seconds = (performance.now() - t0) / 1000;
    const { peak } = memory(server.pid);
    const outcome = body.includes("Upload successful")
      ? "stored"
      : body.includes("File too large")
        ? "refused: File too large"
        : `HTTP ${res.status}`;
    rows.push({
      upload: label,
      bytes: size,
      status: res.status,
      outcome,
      "idle RSS MiB": idle.toFixed(1),
      "peak RSS MiB": peak.toFixed(1),
      "peak - idle MiB": (peak - idle).toFixed(1),
      seconds: seconds.toFixed(2),
      "MiB/s": (size / MB / seconds).toFixed(0),
    });
    fs.rmSync(file);
  };

  await upload("warm-up 1 MB", MB); // load every code path once before measuring
  await upload("50 MB", 50 * MB);
  await upload("50 MB + 1 byte", 50 * MB + 1);
  await upload("50 MB again", 50 * MB);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
printTable(rows);
