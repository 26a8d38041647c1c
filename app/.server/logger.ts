import pino from "pino";
import { getConfig } from "./config";

let instance: pino.Logger | undefined;

/** The one logger (pino, JSON lines on stdout). Never log passwords, tokens or cookies. */
export function getLogger(): pino.Logger {
  instance ??= pino({
    level: getConfig().logLevel,
    redact: { paths: ["password", "*.password", "token", "*.token", "cookie", "*.cookie"], censor: "[redacted]" },
  });
  return instance;
}
