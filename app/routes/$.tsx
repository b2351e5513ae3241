import type { LoaderFunctionArgs } from "@remix-run/node";
import { logger } from "~/logger.server";
import type { RouteHandle } from "~/root";

/** Works fully as HTML: no JavaScript is sent for this page (root.tsx). */
export const handle: RouteHandle = { hydrate: false };

// Every path no other route matches. The loader answers 404 and the root ErrorBoundary shows the
// not-found page; the path is logged (spec 000 §2) so broken links can be found and fixed.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  logger.warn({ path: url.pathname }, "page not found");
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  // Never rendered: the loader always throws. Kept so Remix treats this as a page route.
  return null;
}
