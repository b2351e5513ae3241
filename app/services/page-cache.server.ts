import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import type { RequestHandler } from "express";
import { isSharedCacheCurrent, onCacheChange } from "../db.server";
import { hasPersonalCookie, matchesEtag } from "./http-cache.server";

// The server's own copy of the content pages anonymous visitors get (landing, terms, privacy):
// rendering the landing page costs milliseconds and four queries, sending stored bytes almost
// nothing. A copy lives a few seconds, far less than the minute browsers are allowed to keep the
// page (app/services/http-cache.server.ts), and a change of settings or services in any process
// drops every copy at once (onCacheChange, app/db.server.ts). Only pages whose route said `Cache-Control: public` are stored, and
// only as many as `maxEntries` (query strings make new addresses).

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  etag: string | null;
  body: Buffer;
  storedAt: number;
  /** Compressed once, on first request for each encoding. */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  /**
   * Stores the response if it may be shared; returns the entry, or null when it may not. A page
   * is shared when its route said `Cache-Control: public`, or, with `anyAnonymous`, when it is a
   * plain 200 that sets no cookie (the caller knows the address alone decides the page).
   */
  store(key: string, response: Response, options?: { anyAnonymous?: boolean }): Promise<CachedPage | null>;
  /** Forgets every copy (settings or services changed in some process). */
  clear(): void;
}

export function createPageCache({ ttlMs, maxEntries, now = Date.now }: { ttlMs: number; maxEntries: number; now?: () => number }): PageCache {
  const entries = new Map<string, CachedPage>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    async store(key, response, options) {
      const shareable =
        response.status === 200 &&
        (options?.anyAnonymous || (response.headers.get("Cache-Control") ?? "").startsWith("public")) &&
        response.headers.getSetCookie().length === 0;
      if (!shareable) return null;
      const entry: CachedPage = {
        status: response.status,
        headers: [...response.headers.entries()].filter(([name]) => name !== "content-length" && name !== "set-cookie"),
        etag: response.headers.get("ETag"),
        body: Buffer.from(await response.arrayBuffer()),
        storedAt: now(),
        encoded: {},
      };
      entries.delete(key);
      entries.set(key, entry);
      // Oldest first out.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry;
    },
    clear() {
      entries.clear();
    },
  };
}

/** The entry's body in `encoding`, compressed on first use. */
export function encodedBody(entry: CachedPage, encoding: "br" | "gzip" | "identity"): Buffer {
  if (encoding === "identity") return entry.body;
  entry.encoded[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
      : gzipSync(entry.body, { level: 9 });
  return entry.encoded[encoding]!;
}

/** Stands in a stored page for the nonce it was rendered with (never a valid base64 nonce). */
const NONCE_PLACEHOLDER = "%%csp-nonce%%";

/** The page's bytes with every use of `nonce` replaced by the placeholder. */
export function withoutNonce(body: Buffer, nonce: string): Buffer {
  return nonce ? Buffer.from(body.toString("utf8").replaceAll(`nonce="${nonce}"`, `nonce="${NONCE_PLACEHOLDER}"`)) : body;
}

/** The stored page's bytes for a response whose scripts carry `nonce`. */
export function withNonce(body: Buffer, nonce: string): Buffer {
  return Buffer.from(body.toString("utf8").replaceAll(`nonce="${NONCE_PLACEHOLDER}"`, `nonce="${nonce}"`));
}

/** Renders a fetch request from an Express one, as Remix's adapter would. */
function renderFor(render: PageCacheOptions["render"], req: Req, nonce: string) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const request = new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), { headers });
  return render(request, { cspNonce: nonce, clientIp: req.ip });
}

/** Sends a response that may not be stored as it was rendered. */
async function sendRendered(res: Res, response: Response) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  res.end(Buffer.from(await response.arrayBuffer()));
}

interface PageCacheOptions {
  render: (request: Request, context: AppLoadContext) => Promise<Response>;
  ttlMs: number;
  maxEntries: number;
}

type Req = Parameters<RequestHandler>[0];
type Res = Parameters<RequestHandler>[1];

/**
 * The common part of both middleware: signed-in visitors go on to the normal handler; an anonymous
 * GET is answered from the copy, or rendered, kept if `keep` allows, and otherwise sent as it was
 * rendered (an error page, say).
 */
function anonymousPageCache(
  { render, ttlMs, maxEntries }: PageCacheOptions,
  keep: (cache: PageCache, key: string, response: Response, nonce: string) => Promise<CachedPage | null>,
  send: (entry: CachedPage, req: Req, res: Res, nonce: string) => void,
): RequestHandler {
  const cache = createPageCache({ ttlMs, maxEntries });
  // Pages show prices, contact details and services: a change in any process drops every copy,
  // and a page rendered before the change, stored after it, is not kept.
  let generation = 0;
  onCacheChange(() => {
    cache.clear();
    generation++;
  });
  return async (req, res, next) => {
    if (hasPersonalCookie(req.headers.cookie)) return next();
    // Unable to hear other processes' changes: render every time until the notices are back.
    if (!isSharedCacheCurrent()) return next();
    try {
      const key = req.originalUrl;
      const nonce = res.locals.cspNonce as string;
      let entry = cache.get(key);
      if (!entry) {
        const renderedIn = generation;
        const response = await renderFor(render, req, nonce);
        entry = renderedIn === generation ? ((await keep(cache, key, response.clone(), nonce)) ?? undefined) : undefined;
        if (!entry) return await sendRendered(res, response);
      }
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      send(entry, req, res, nonce);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Express middleware for pages with scripts that are the same for every anonymous visitor at one
 * address (the booking's first step: its draft is in the address). The copy is kept without its
 * CSP nonce and each answer gets the nonce of its own Content-Security-Policy, so scripts still run
 * only with this response's nonce; browsers may not keep it (the page's own headers say so) and
 * compression is left to the middleware after this one.
 */
export function scriptPageCacheMiddleware(options: PageCacheOptions): RequestHandler {
  return anonymousPageCache(
    options,
    async (cache, key, response, nonce) => {
      const body = withoutNonce(Buffer.from(await response.arrayBuffer()), nonce);
      return cache.store(key, new Response(new Uint8Array(body), { status: response.status, headers: response.headers }), { anyAnonymous: true });
    },
    (entry, req, res, nonce) => res.status(entry.status).end(req.method === "HEAD" ? undefined : withNonce(entry.body, nonce)),
  );
}

/**
 * Express middleware for the content pages' addresses: anonymous GETs are answered from the cache
 * (304 when the browser's ETag matches), a miss is rendered by `render` (Remix's fetch handler)
 * and stored if the page allows, compressed once per encoding. Signed-in visitors go on to the
 * normal handler.
 */
export function pageCacheMiddleware(options: PageCacheOptions): RequestHandler {
  return anonymousPageCache(
    options,
    (cache, key, response) => cache.store(key, response),
    (entry, req, res) => {
      res.append("Vary", "Accept-Encoding");
      if (entry.etag && matchesEtag(req.get("If-None-Match"), entry.etag)) {
        res.removeHeader("Content-Type");
        res.status(304).end();
        return;
      }
      const encoding = (req.acceptsEncodings("br", "gzip", "identity") || "identity") as "br" | "gzip" | "identity";
      const body = encodedBody(entry, encoding);
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.status(entry.status).end(req.method === "HEAD" ? undefined : body);
    },
  );
}
