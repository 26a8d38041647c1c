/**
 * Entry of the server bundle (vite.config.ts). The `portal` launcher
 * (bin/portal.mjs) imports this bundle and calls `runCli`, so the HTTP
 * server, the command line and the routes share one copy of every module.
 * `extractFile` is exported for tools that drive the built server's file reading directly
 * (bench/extract.mjs).
 */

import * as serverBuild from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { runCommand } from "./cli";

export { extractFile } from "~/.server/extraction/extract";

export function runCli(command: string, args: string[]): Promise<number> {
  return runCommand(command, args, serverBuild as unknown as ServerBuild);
}
