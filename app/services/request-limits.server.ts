import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { REQUEST_REFUSAL_BACK_LINK, requestRefusalTexts } from "../messages/request-refusals";

// What a request may be before any of it is read (issue 12 findings 5 and 9): bodies are limited
// by their declared length (Node enforces Content-Length framing, so the number is the truth),
// pages take only the methods and form encodings that browsers send, and every refusal is a
// short Finnish page instead of a parsed 50 MB body or a 500.

/** Ordinary forms: the longest (booking, registration text) are a few kilobytes. */
export const FORM_BODY_LIMIT_BYTES = 100 * 1024;
/** A helper's photo (5 MB, spec 001 §5) with the rest of the form: the application and the profile page. */
export const UPLOAD_BODY_LIMIT_BYTES = 6 * 1024 * 1024;
/** Payment provider webhooks (JSON events of a few kilobytes). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

const UPLOAD_PATHS = new Set(["/rekisteroidy-kaveriksi", "/portal/profile"]);
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function isApi(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * With JavaScript, Remix (single fetch) posts a page's form to the page's address plus '.data'
 * ('/rekisteroidy-kaveriksi.data'); the same rules apply as to the page itself.
 */
function isUploadPath(path: string): boolean {
  return UPLOAD_PATHS.has(path.replace(/\.data$/, ""));
}

export function bodyLimitFor(path: string, contentType: string | null): number {
  if (isApi(path)) return WEBHOOK_BODY_LIMIT_BYTES;
  if (isUploadPath(path) && contentType === "multipart/form-data") return UPLOAD_BODY_LIMIT_BYTES;
  return FORM_BODY_LIMIT_BYTES;
}

export type RequestRefusal = { status: 400 | 405 | 411 | 413 | 415; title: string; text: string };

/** Why a request is refused before it reaches the app, or null when it may go on. */
export function refuseRequest(input: {
  method: string;
  path: string;
  contentType: string | null;
  contentLength: string | null;
  chunked: boolean;
  /** Whether a multipart Content-Type names its boundary (without one no parser can read it). */
  multipartBoundary?: boolean;
}): RequestRefusal | null {
  const method = input.method.toUpperCase();
  if (method === "OPTIONS") return null;
  if (!isApi(input.path) && !PAGE_METHODS.has(method)) {
    return { status: 405, ...requestRefusalTexts[405] };
  }
  if (method === "GET" || method === "HEAD") return null;
  const declared = input.contentLength === null ? null : Number(input.contentLength);
  const lengthKnown = declared !== null && Number.isSafeInteger(declared) && declared >= 0;
  if (!lengthKnown && input.chunked) return { status: 411, ...requestRefusalTexts[411] };
  // Neither a length nor chunks: Node reads no body at all.
  const length = lengthKnown ? declared : 0;
  const limit = bodyLimitFor(input.path, input.contentType);
  if (length > limit) {
    return { status: 413, ...requestRefusalTexts[limit === UPLOAD_BODY_LIMIT_BYTES ? "413photo" : 413] };
  }
  if (isApi(input.path)) return null;
  // Every action reads its body as a form, and the body parser throws (a 500) on anything else,
  // an empty body without a type included (issue 31). A browser's form always names its encoding,
  // even with no fields, so a post without one is not from our pages.
  if (!input.contentType) {
    return length === 0 ? { status: 400, ...requestRefusalTexts[400] } : { status: 415, ...requestRefusalTexts[415] };
  }
  // Only the helper's photo forms upload a file; a multipart body anywhere else is nothing our
  // forms send, and a malformed one would make the action's body parser throw (a 500).
  const multipartElsewhere = input.contentType === "multipart/form-data" && !isUploadPath(input.path);
  if (!FORM_TYPES.has(input.contentType) || multipartElsewhere) {
    return { status: 415, ...requestRefusalTexts[415] };
  }
  if (input.contentType === "multipart/form-data" && input.multipartBoundary === false) {
    return { status: 400, ...requestRefusalTexts[400] };
  }
  return null;
}

/** Express middleware for server.ts, before anything reads the body. */
export function enforceRequestLimits(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const rawContentType = req.get("Content-Type") ?? "";
  const contentType = rawContentType.split(";")[0]?.trim().toLowerCase() || null;
  const refusal = refuseRequest({
    method: req.method,
    path: req.path,
    contentType,
    contentLength: req.get("Content-Length") ?? null,
    chunked: Boolean(req.get("Transfer-Encoding")),
    multipartBoundary: /;\s*boundary=("[^"]+"|[^;\s]+)/i.test(rawContentType),
  });
  if (!refusal) return next();
  if (refusal.status === 405) res.setHeader("Allow", "GET, HEAD, POST");
  // The body is not read; closing the connection keeps the client from sending the rest.
  res.setHeader("Connection", "close");
  res.status(refusal.status).type("text/html; charset=utf-8").send(refusalPage(refusal, backLink(req)));
}

/** Back to the page the form was on (same site only), where the browser still has what was typed. */
function backLink(req: ExpressRequest): string {
  const referer = req.get("Referer");
  const host = req.get("Host");
  if (referer && host) {
    try {
      const url = new URL(referer);
      if (url.host === host) return `${url.pathname}${url.search}`;
    } catch {
      // not a URL: fall through
    }
  }
  return "/";
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function refusalPage(refusal: RequestRefusal, back: string): string {
  return `<!doctype html>
<html lang="fi">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(refusal.title)} – Arkikaveri</title></head>
<body>
<main>
<h1>${escapeHtml(refusal.title)}</h1>
<p>${escapeHtml(refusal.text)}</p>
<p><a href="${escapeHtml(back)}">${escapeHtml(REQUEST_REFUSAL_BACK_LINK)}</a></p>
</main>
</body>
</html>`;
}
