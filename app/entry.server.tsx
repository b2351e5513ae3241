import type { Readable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { logger, redactUrl } from "./logger.server";
import { NonceProvider } from "./nonce";
import { RETRY_AFTER_SECONDS } from "./services/database-faults.server";
import { etagOf, settleDocumentCaching, matchesEtag } from "./services/http-cache.server";
import { lowPriorityModulePreloads } from "./services/module-preload-priority.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // A database that did not answer in time (app/services/database-faults.server.ts): say when to retry.
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  // A cacheable page is rendered whole, so that its ETag covers every byte.
  const cacheable = settleDocumentCaching(request, responseStatusCode, responseHeaders);
  const readyEvent = cacheable || isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = lowPriorityModulePreloads();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (cacheable) {
            resolve(bufferedResponse(request, body, responseStatusCode, responseHeaders));
            pipe(body);
            return;
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
};

export default handleRequest;

/** The whole page with its ETag, or 304 without a body when the browser already has these bytes. */
async function bufferedResponse(request: Request, body: Readable, status: number, headers: Headers): Promise<Response> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks);
  const etag = etagOf(html);
  headers.set("ETag", etag);
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(html, { status, headers });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, url: redactUrl(request.url) }, "unhandled error");
}
