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

/**
 * Query parameters that are secrets: the single-use links of e-mails (/auth/vahvista,
 * /auth/uusi-salasana) carry `token`. Whoever reads the logs must not be able to use them.
 */
const SECRET_QUERY_PARAMS = ["token"];

/** The URL (absolute or a path) with secret query values replaced by "[redacted]", for logging. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url || !url.includes("?")) return url;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
  let parsed: URL;
  try {
    parsed = new URL(url, "http://localhost");
  } catch {
    return url;
  }
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (parsed.searchParams.has(name)) {
      parsed.searchParams.set(name, "[redacted]");
      changed = true;
    }
  }
  if (!changed) return url;
  return absolute ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
