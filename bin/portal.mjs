#!/usr/bin/env node
// @ts-check
/**
 * The `portal` command line (`npm start` is `portal serve`). This launcher is
 * plain JavaScript because it runs before any build exists: it (re)builds the
 * app when the build is missing or older than its sources, then hands the
 * command to the server bundle, where everything else lives (server/cli.ts).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(root, "build");
const fingerprintFile = path.join(buildDir, ".fingerprint");
const sourceDirs = ["app", "server", "public"];
const sourceFiles = ["package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

/** A hash of every build input's path, size and modification time: cheap enough to run at each start. */
function sourceFingerprint() {
  const hash = createHash("sha256");
  /** @param {string} rel */
  const visit = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    const stat = fs.statSync(abs);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) {
        if (name === "node_modules" || /\.test\.tsx?$/.test(name)) continue;
        visit(path.join(rel, name));
      }
    } else {
      hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const entry of [...sourceDirs, ...sourceFiles]) visit(entry);
  return hash.digest("hex");
}

function ensureBuild() {
  const wanted = sourceFingerprint();
  const current = fs.existsSync(fingerprintFile) ? fs.readFileSync(fingerprintFile, "utf8") : "";
  if (current === wanted && fs.existsSync(path.join(buildDir, "server", "index.js"))) return;
  console.error(current ? "portal: sources changed, rebuilding..." : "portal: no build yet, building...");
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  // Always the production bundle, whatever NODE_ENV says where the command runs: a build made
  // under a test runner's NODE_ENV=test bundled React's development code (twice the JavaScript,
  // unminified), and a later start found it current and served it.
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("portal: the build failed; see the messages above.");
    process.exit(1);
  }
  fs.writeFileSync(fingerprintFile, wanted);
}

const [command = "help", ...args] = process.argv.slice(2);
ensureBuild();
if (command === "build") process.exit(0);
// React picks its build from NODE_ENV when first loaded: unset, it would render with its
// development build, about twice the CPU per page. The config already treats unset as production.
process.env.NODE_ENV ??= "production";
const bundle = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const code = await bundle.runCli(command, args);
if (typeof code === "number") process.exitCode = code;
