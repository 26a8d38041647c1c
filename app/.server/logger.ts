import pino from "pino";
import { type Config, getConfig } from "./config";
import { currentRequestScope } from "./http/request-scope";
import { prettyDestination } from "./pretty-log";

let instance: pino.Logger | undefined;

/** Never written, whatever a call passes by mistake. */
const REDACTED = ["password", "*.password", "token", "*.token", "cookie", "*.cookie", "authorization", "*.authorization"];

/** LOG_FORMAT: `auto` is pretty for a person at a terminal, JSON for journald, files and log shippers. */
export function writesPretty(format: Config["logFormat"], stdoutIsTerminal: boolean): boolean {
  return format === "pretty" || (format === "auto" && stdoutIsTerminal);
}

/** A logger as the portal makes its one: JSON lines (or pretty ones) on `out`. */
export function createLogger(config: Pick<Config, "logLevel" | "logFormat">, out: NodeJS.WriteStream = process.stdout): pino.Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED, censor: "[redacted]" },
    // Whatever is logged while a request is answered (a refusal, a warning of a service) names it.
    mixin: () => {
      const scope = currentRequestScope();
      return scope ? { requestId: scope.requestId } : {};
    },
  };
  if (writesPretty(config.logFormat, out.isTTY === true)) return pino(options, prettyDestination(out));
  return out === process.stdout ? pino(options) : pino(options, out);
}

/** The one logger (pino, on stdout). Never log passwords, tokens or cookies. */
export function getLogger(): pino.Logger {
  instance ??= createLogger(getConfig());
  return instance;
}
