import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { connect, disconnect } from "./app/db.server";
import { prepareDatabase, seedModeFor } from "./app/db/prepare.server";
import { env } from "./app/env.server";
import { logger, redactUrl } from "./app/logger.server";
import { rejectCrossSiteRequests } from "./app/services/csrf.server";
import { enforceRequestLimits } from "./app/services/request-limits.server";
import { startWorker } from "./app/services/worker.server";

// Start-up order: validate the environment, open and migrate the database (demo data on the first
// start of the embedded one, except in production), start the in-process worker, then serve.
const config = env();
const { db, target } = await connect();
await prepareDatabase(db, { seedIfEmpty: seedModeFor(target, config.NODE_ENV) });
const stopWorker = config.WORKER === "inline" ? startWorker(db) : undefined;

const buildPath = path.resolve("build/index.js");
const build = (await import(buildPath)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
// X-Forwarded-For is believed only from as many proxies as TRUST_PROXY says (none by default).
app.set("trust proxy", config.TRUST_PROXY);

app.use(
  pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = req.headers["x-request-id"]?.toString() || crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // Static files would drown the log; one line per page or API request is what we need.
    autoLogging: { ignore: (req) => req.url?.startsWith("/build/") ?? false },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    // E-mail links carry single-use tokens in the query (and then in the next page's Referer):
    // the log keeps the request without them. The serialised request is a copy; headers are
    // copied too, so the real request is untouched.
    serializers: {
      req: (req: { url?: string; query?: unknown; headers?: Record<string, unknown> }) => {
        req.url = redactUrl(req.url);
        if (req.query && typeof req.query === "object" && "token" in req.query) req.query = { ...req.query, token: "[redacted]" };
        if (typeof req.headers?.referer === "string") req.headers = { ...req.headers, referer: redactUrl(req.headers.referer) };
        return req;
      },
    },
  }),
);

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        // Only Remix's own inline scripts run, and only with this response's nonce.
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        // A booking form posted without JavaScript is answered with a redirect to Stripe
        // Checkout, and browsers apply form-action to that redirect too.
        "form-action": config.STRIPE_SECRET_KEY ? ["'self'", "https://checkout.stripe.com"] : ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "upgrade-insecure-requests": config.NODE_ENV === "production" ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: config.NODE_ENV === "production",
  }),
);

// gzip or brotli (whichever the browser prefers) for HTML, JS, CSS and JSON: an old phone on a
// slow connection gets a fifth of the bytes. Images and PDFs are compressed already and skipped.
app.use(compression({ threshold: 1024 }));

// Fingerprinted bundles are immutable; everything else in public/ may change between releases.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));

// Cross-site form posts are refused before they reach any action (app/services/csrf.server.ts);
// oversized bodies, odd methods and non-form encodings before anything reads them.
app.use(rejectCrossSiteRequests);
app.use(enforceRequestLimits);

app.all(
  "*",
  createRequestHandler({
    build,
    mode: config.NODE_ENV,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip }),
  }),
);

const server = app.listen(config.PORT, () => {
  logger.info({ port: config.PORT, database: target.kind }, `Arkikaveri listening on http://localhost:${config.PORT}`);
});

async function shutdown(signal: string) {
  logger.info({ signal }, "shutting down");
  server.close();
  await stopWorker?.();
  await disconnect();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
