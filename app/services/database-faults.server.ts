import type { ServerBuild } from "@remix-run/node";
import { describeDatabaseError, isDatabaseFault } from "../db.server";
import { logger } from "../logger.server";

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** The answer to a request the database could not serve: 503, to be tried again shortly. */
export function databaseUnavailableResponse(): Response {
  return new Response("Palvelu on hetken ruuhkautunut. Yritä uudelleen hetken kuluttua.", {
    status: 503,
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}

type Handler = (args: never) => unknown;

function answeringDatabaseFaults<F extends Handler>(routeId: string, handler: F): F {
  const wrapped = async (args: Parameters<F>[0]) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response || !isDatabaseFault(error)) throw error;
      // The transaction the request was in has rolled back with its connection: nothing half-done
      // is kept, and the page says to try again (app/components/error-page.tsx, 503).
      logger.warn({ route: routeId, db: describeDatabaseError(error) }, "database unavailable, answered 503");
      throw databaseUnavailableResponse();
    }
  };
  return wrapped as F;
}

/**
 * The build with every loader and action answering a database fault (no free connection in time,
 * a statement timeout, a connection that died) with a 503 and the Finnish "try again" page
 * instead of a 500. One place, so that no route can forget it.
 */
export function withDatabaseFaultsAnswered(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module };
    if (module.loader) module.loader = answeringDatabaseFaults(id, module.loader);
    if (module.action) module.action = answeringDatabaseFaults(id, module.action);
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
