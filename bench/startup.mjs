#!/usr/bin/env node
// @ts-check
/**
 * Time from starting `portal serve` on a built tree to the first healthy
 * /healthz (issue 2: under 2 s). Five starts on one data directory, after a
 * first start that creates and migrates the database.
 *
 *   node bench/startup.mjs
 */
import fs from "node:fs";
import { ensureBuild, printTable, startServer, tempDataDir } from "./support.mjs";

ensureBuild();
const dataDir = tempDataDir();
const rows = [];
try {
  for (let run = 0; run <= 5; run++) {
    const server = await startServer(dataDir);
    rows.push({
      start: run === 0 ? "first (creates the database)" : `restart ${run}`,
      "ms to healthy /healthz": server.startedMs.toFixed(0),
    });
    await server.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
printTable(rows);
