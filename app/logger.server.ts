import pino from "pino";

const globalKey = Symbol.for("arkikaveri.logger");
type GlobalWithLogger = typeof globalThis & { [globalKey]?: pino.Logger };

function createLogger() {
  return pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
    base: { service: "arkikaveri" },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "res.headers[\"set-cookie\"]", "*.password"],
      censor: "[redacted]",
    },
  });
}

/** One JSON logger for the server entry, the Remix bundle and the worker. */
export const logger: pino.Logger = ((globalThis as GlobalWithLogger)[globalKey] ??= createLogger());
