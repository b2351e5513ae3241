import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { connect, disconnect } from "./app/db.server";
import { prepareDatabase, seedModeFor } from "./app/db/prepare.server";
import { env, isMailboxEnabled } from "./app/env.server";
import { logger, redactUrl } from "./app/logger.server";
import { rejectCrossSiteRequests } from "./app/services/csrf.server";
import { CONTENT_PAGE_PATHS } from "./app/services/http-cache.server";
import { pageCacheMiddleware, scriptPageCacheMiddleware } from "./app/services/page-cache.server";
import { withDatabaseFaultsAnswered } from "./app/services/database-faults.server";
import { enforceRequestLimits } from "./app/services/request-limits.server";
import { startWorker } from "./app/services/worker.server";

// Start-up order: validate the environment, open and migrate the database (demo data on the first
// start of the embedded one, except in production), start the in-process worker, then serve.
const config = env();
const { db, target } = await connect();
await prepareDatabase(db, { seedIfEmpty: seedModeFor(target, config.NODE_ENV) });
const stopWorker = config.WORKER === "inline" ? startWorker(db) : undefined;

const buildPath = path.resolve("build/index.js");
// Every loader and action answers a database fault with 503 and the Finnish "try again" page.
const build = withDatabaseFaultsAnswered((await import(buildPath)) as ServerBuild);

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
    // One short line per request: serialising every header (the CSP alone is half a kilobyte)
    // cost more than serving a cached page. E-mail links carry single-use tokens in the query
    // (and then in the next page's Referer): the line keeps the address without them.
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string; headers?: Record<string, unknown> }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.remoteAddress,
        referer: typeof req.headers?.referer === "string" ? redactUrl(req.headers.referer) : undefined,
        userAgent: req.headers?.["user-agent"],
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  }),
);

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

const MAILBOX_DOCUMENT = /^\/dev\/sahkopostit\/[^/?#]+\/html(\?|$)/;
function isMailboxDocument(url: string | undefined): boolean {
  return isMailboxEnabled() && MAILBOX_DOCUMENT.test(url ?? "");
}

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        // Only Remix's own inline scripts run, and only with this response's nonce.
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        // E-mails carry their styles inline (mail clients ignore style sheets): the dev mailbox's
        // copy of one, a document of its own, may use them. Scripts stay blocked there too.
        "style-src": ["'self'", (req) => (isMailboxDocument(req.url) ? "'unsafe-inline'" : "'self'")],
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

/** Remix's own fetch handler, for the middleware that keep copies of rendered pages. */
const renderPage = createFetchHandler(build, config.NODE_ENV);

// Anonymous visitors' content pages come from the server's short-lived copy, compressed once per
// copy (app/services/page-cache.server.ts); a miss renders the page as usual.
app.get(
  [...CONTENT_PAGE_PATHS],
  pageCacheMiddleware({
    render: renderPage,
    ttlMs: 10_000,
    maxEntries: 50,
  }),
);

// gzip or brotli (whichever the browser prefers) for HTML, JS, CSS and JSON: an old phone on a
// slow connection gets a fifth of the bytes. Images and PDFs are compressed already and skipped.
app.use(compression({ threshold: 1024 }));

// The booking's first step is the same for every anonymous visitor at one address (the draft is
// in the address), but it has scripts: its copy gets each response's own CSP nonce and is never
// given to browsers to keep (app/services/page-cache.server.ts). Helpers' availability, later in
// the flow, is always read fresh.
app.get(
  ["/varaa", "/varaus"],
  scriptPageCacheMiddleware({
    render: renderPage,
    ttlMs: 10_000,
    maxEntries: 200,
  }),
);

// Fingerprinted bundles are immutable, and sent as the brotli or gzip copy the build made
// (scripts/compress-build.mjs) when the browser takes it; compression() leaves those alone.
app.use(
  "/build",
  expressStaticGzip("public/build", {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    serveStatic: { immutable: true, maxAge: "1y" },
  }),
);
// Everything else in public/ may change between releases.
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
// A client that sends its headers or body too slowly does not hold a socket for long: headers
// within 15 s, the whole request (the largest is a 6 MB photo from a phone) within 60 s.
server.headersTimeout = 15_000;
server.requestTimeout = 60_000;

async function shutdown(signal: string) {
  logger.info({ signal }, "shutting down");
  server.close();
  await stopWorker?.();
  await disconnect();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
