import fs from "node:fs";
import path from "node:path";

// The route modules in app/routes, found by reading the folder (so a route added later is covered
// by the tests that walk them), and a URL each answers.

const ROUTES_DIR = path.resolve(__dirname, "../../../app/routes");
const ROUTE_FILE = /\.(tsx|ts|jsx|js)$/;

export interface RouteModuleFile {
  /** Route id as Remix names it, e.g. 'backoffice.orders.$orderId'. */
  id: string;
  file: string;
}

/** Flat-route files and folder routes (folder/route.tsx). */
export function discoverRouteFiles(): RouteModuleFile[] {
  const found: RouteModuleFile[] = [];
  for (const entry of fs.readdirSync(ROUTES_DIR, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isFile() && ROUTE_FILE.test(entry.name) && !/\.test\./.test(entry.name)) {
      found.push({ id: entry.name.replace(ROUTE_FILE, ""), file: path.join(ROUTES_DIR, entry.name) });
    } else if (entry.isDirectory()) {
      const routeFile = fs.readdirSync(path.join(ROUTES_DIR, entry.name)).find((name) => /^route\.(tsx|ts|jsx|js)$/.test(name));
      if (routeFile) found.push({ id: entry.name, file: path.join(ROUTES_DIR, entry.name, routeFile) });
    }
  }
  return found;
}

/** URL segments of a flat route id: pathless (_layout) and index segments drop out. */
export function urlSegments(id: string): string[] {
  return id
    .split(".")
    .filter((segment) => segment !== "_index" && !segment.startsWith("_"))
    .map((segment) => segment.replace(/_$/, "").replace(/^\[(.*)\]$/, "$1"))
    .filter((segment) => segment !== "");
}

export const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

/** A URL the route answers, with a sample id for each parameter, and its params. */
export function sampleUrl(id: string): { pathname: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const parts = urlSegments(id).map((segment) => {
    if (segment === "$") {
      params["*"] = "x";
      return "x";
    }
    if (segment.startsWith("$")) {
      const name = segment.slice(1).replace(/\?$/, "");
      params[name] = SAMPLE_ID;
      return SAMPLE_ID;
    }
    return segment;
  });
  return { pathname: `/${parts.join("/")}`, params };
}
