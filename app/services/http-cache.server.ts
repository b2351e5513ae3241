import crypto from "node:crypto";
import { SESSION_COOKIE_NAME } from "./session.server";

// Content pages (landing, terms, privacy) are the same for every anonymous visitor: they may be
// kept by the browser and shared caches for a minute and served stale while refreshed, and a
// conditional request for an unchanged page is answered 304 without its body (app/entry.server.tsx
// computes the ETag from the rendered HTML). A signed-in visitor's page names them, and a pending
// flash message is for one browser only: those pages are never stored.

const PERSONAL_COOKIES = [SESSION_COOKIE_NAME, "__flash"];

export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";

/** The content pages' addresses: the server keeps a copy of them (app/services/page-cache.server.ts). */
export const CONTENT_PAGE_PATHS: ReadonlySet<string> = new Set(["/", "/kayttoehdot", "/tietosuoja"]);

/** True when the Cookie header holds a session or a pending flash message. */
export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((pair) => PERSONAL_COOKIES.includes(pair.split("=")[0]!.trim()));
}

/** The caching headers a content page's loader returns. */
export function contentPageHeaders(request: Request): Record<string, string> {
  const cacheControl = hasPersonalCookie(request.headers.get("Cookie")) ? PRIVATE_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL;
  return { "Cache-Control": cacheControl, Vary: "Cookie" };
}

/** For a route's `headers` export: the loader's caching headers on the document. */
export function cachingHeaders(loaderHeaders: Headers): Headers {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/**
 * Settles a rendered document's caching: true when it may be stored and revalidated with an ETag
 * (a content page's plain GET or HEAD). Otherwise a page its route marked public (the same page
 * answering a form post with its errors, or failing) is made private here, and false returned.
 */
export function settleDocumentCaching(request: Request, status: number, headers: Headers): boolean {
  if (!(headers.get("Cache-Control") ?? "").startsWith("public")) return false;
  if ((request.method === "GET" || request.method === "HEAD") && status === 200) return true;
  headers.set("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
  return false;
}

/** A strong validator of the exact bytes (compression keeps it weak-equal, see `matchesEtag`). */
export function etagOf(body: Buffer): string {
  return `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * If-None-Match compares weakly (RFC 9110 §13.1.2): a compressing proxy or middleware may send
 * the tag back as W/"…".
 */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
