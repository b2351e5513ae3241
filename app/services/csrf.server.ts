import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { authMessages } from "../messages/auth";

// Cross-site form posts are refused on top of SameSite=Lax cookies (which already keep the session
// cookie off cross-site POSTs, but not off same-site subdomains or old browsers). Modern browsers
// send Sec-Fetch-Site on every request; older ones send Origin on POSTs. A request with neither
// (curl, server-to-server webhooks, tests) cannot come from a victim's browser, so it is allowed;
// webhooks therefore keep working without an exemption list.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_FETCH_SITES = new Set(["same-origin", "same-site", "none"]);

export interface RequestOrigin {
  method: string;
  /** The Sec-Fetch-Site header, if any. */
  secFetchSite: string | null;
  /** The Origin header, if any. */
  origin: string | null;
  /** Host names this server answers as (Host and, behind a proxy, X-Forwarded-Host). */
  hosts: string[];
}

export function isCrossSite({ method, secFetchSite, origin, hosts }: RequestOrigin): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite) return !ALLOWED_FETCH_SITES.has(secFetchSite.toLowerCase());
  if (origin === null) return false;
  // 'null' is what sandboxed frames and some redirects send: not provably ours.
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  return !hosts.some((host) => host.toLowerCase() === originHost);
}

/** The same check for a Fetch API request (Remix actions, tests). */
export function isCrossSiteRequest(request: Request): boolean {
  const forwarded = request.headers.get("X-Forwarded-Host");
  const hosts = [request.headers.get("Host") ?? new URL(request.url).host];
  if (forwarded) hosts.push(...forwarded.split(",").map((h) => h.trim()));
  return isCrossSite({
    method: request.method,
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
    origin: request.headers.get("Origin"),
    hosts,
  });
}

export const CROSS_SITE_MESSAGE = authMessages.crossSite;

/** Express middleware for server.ts: answers 403 to cross-site non-GET requests. */
export function rejectCrossSiteRequests(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const forwarded = req.get("X-Forwarded-Host");
  const hosts = [req.get("Host") ?? ""];
  if (forwarded) hosts.push(...forwarded.split(",").map((h) => h.trim()));
  const crossSite = isCrossSite({
    method: req.method,
    secFetchSite: req.get("Sec-Fetch-Site") ?? null,
    origin: req.get("Origin") ?? null,
    hosts,
  });
  if (!crossSite) return next();
  res.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE_MESSAGE);
}
