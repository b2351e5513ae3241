import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { authMessages } from "../messages/auth";

// Cross-site form posts are refused on top of SameSite=Lax cookies (which already keep the session
// cookie off cross-site POSTs, but not off same-site subdomains or old browsers). Modern browsers
// send Sec-Fetch-Site on every request; older ones send Origin on POSTs. A request with neither
// (curl, server-to-server webhooks, tests) cannot come from a victim's browser, so it is allowed;
// webhooks therefore keep working without an exemption list.

//
// A browser's Origin must also name this very host, even when Sec-Fetch-Site says "same-site" (a
// sibling subdomain): Remix makes the same comparison before any action and answers a mismatch
// with a bare 500, so it is refused here first, with the 403 every other cross-site post gets.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_FETCH_SITES = new Set(["same-origin", "same-site", "none"]);

export interface RequestOrigin {
  method: string;
  /** The Sec-Fetch-Site header, if any. */
  secFetchSite: string | null;
  /** The Origin header, if any. */
  origin: string | null;
  /** X-Forwarded-Host (its first entry) or else Host: the host Remix compares Origin with. */
  host: string | null;
  /** The request's path, when known. */
  path?: string;
}

/**
 * A "Hallitse varausta" page's own address (docs/decisions/0030): its secret token is in the path,
 * so a form post to it cannot be forged by a site that does not know the token.
 */
const CAPABILITY_PATH = /^\/hallitse\/[A-Za-z0-9_-]{43}(\/|$)/;

export function isCrossSite({ method, secFetchSite, origin, host, path }: RequestOrigin): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite && !ALLOWED_FETCH_SITES.has(secFetchSite.toLowerCase())) return true;
  if (origin === null) return false;
  // 'null' is what sandboxed frames and some redirects send: not provably ours, unless the
  // browser itself says the form came from this very origin. A page that sends no referrer
  // ("Hallitse varausta", docs/decisions/0030) has its own form posts sent with Origin 'null'.
  // An older browser (no Sec-Fetch-Site; the old tablets of decision 0030) says nothing more, and
  // there the secret path is what proves the post is the page's own.
  if (origin === "null") {
    if (secFetchSite) return secFetchSite.toLowerCase() !== "same-origin";
    return !(path !== undefined && CAPABILITY_PATH.test(path));
  }
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  return host === null || host.toLowerCase() !== originHost;
}

/** The host a request was addressed to, read as Remix reads it. */
function requestedHost(forwardedHost: string | null | undefined, host: string | null | undefined): string | null {
  const forwarded = forwardedHost?.split(",")[0]?.trim();
  return forwarded || host || null;
}

/** The same check for a Fetch API request (Remix actions, tests). */
export function isCrossSiteRequest(request: Request): boolean {
  return isCrossSite({
    method: request.method,
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
    origin: request.headers.get("Origin"),
    host: requestedHost(request.headers.get("X-Forwarded-Host"), request.headers.get("Host") ?? new URL(request.url).host),
    path: new URL(request.url).pathname,
  });
}

export const CROSS_SITE_MESSAGE = authMessages.crossSite;

/** Express middleware for server.ts: answers 403 to cross-site non-GET requests. */
export function rejectCrossSiteRequests(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const crossSite = isCrossSite({
    method: req.method,
    secFetchSite: req.get("Sec-Fetch-Site") ?? null,
    origin: req.get("Origin") ?? null,
    host: requestedHost(req.get("X-Forwarded-Host"), req.get("Host")),
    path: req.path,
  });
  if (!crossSite) {
    // A same-origin post from a no-referrer page: Remix would compare its 'null' Origin with the
    // host and abort the action, so the header that says nothing is dropped.
    if (req.get("Origin") === "null") delete req.headers.origin;
    return next();
  }
  res.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE_MESSAGE);
}
