import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { accessRuleFor, type AccessRule } from "~/auth/access";
import type { AuthUser } from "~/models/users.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";

// The route × role matrix: every route module under /backoffice and /portal, found by reading
// app/routes (so a page added later is covered without editing this test), is called as each
// kind of visitor; the answer must match the access table in app/auth/access.ts.

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
const ROUTE_FILE = /\.(tsx|ts|jsx|js)$/;

interface RouteModuleFile {
  /** Route id as Remix names it, e.g. 'backoffice.orders.$orderId'. */
  id: string;
  file: string;
}

/** Flat-route files and folder routes (folder/route.tsx) whose URL starts /backoffice or /portal. */
function discoverRoutes(): RouteModuleFile[] {
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
  return found.filter(({ id }) => {
    const first = urlSegments(id)[0];
    return first === "backoffice" || first === "portal";
  });
}

/** URL segments of a flat route id: pathless (_layout) and index segments drop out. */
function urlSegments(id: string): string[] {
  return id
    .split(".")
    .filter((segment) => segment !== "_index" && !segment.startsWith("_"))
    .map((segment) => segment.replace(/_$/, "").replace(/^\[(.*)\]$/, "$1"))
    .filter((segment) => segment !== "");
}

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

function sampleUrl(id: string): { pathname: string; params: Record<string, string> } {
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

type Visitor = "anonymous" | "customer" | "caregiver" | "support" | "moderator" | "admin";
const VISITORS: Visitor[] = ["anonymous", "customer", "caregiver", "support", "moderator", "admin"];

const users = {} as Record<Exclude<Visitor, "anonymous">, AuthUser>;
const cookies = {} as Record<Visitor, string | undefined>;

beforeAll(async () => {
  users.customer = await createTestUser({ email: "matriisi-asiakas@example.fi" });
  users.caregiver = await createTestUser({ email: "matriisi-kaveri@example.fi", userType: "caregiver" });
  users.support = await createTestUser({ email: "matriisi-tuki@example.fi", role: "support" });
  users.moderator = await createTestUser({ email: "matriisi-moderaattori@example.fi", role: "moderator" });
  users.admin = await createTestUser({ email: "matriisi-admin@example.fi", role: "admin" });
  cookies.anonymous = undefined;
  for (const visitor of VISITORS) {
    if (visitor !== "anonymous") cookies[visitor] = await sessionCookieFor(users[visitor]);
  }
});

type Expected = "sign-in" | "forbidden" | "allowed";

function expectedAnswer(rule: AccessRule, visitor: Visitor): Expected {
  if (visitor === "anonymous") return "sign-in";
  const user = users[visitor];
  switch (rule.kind) {
    case "staff":
      return user.role && rule.roles.includes(user.role) ? "allowed" : "forbidden";
    case "signedIn":
      return "allowed";
    case "caregiver":
      return user.userType === "caregiver" ? "allowed" : "forbidden";
    case "customer":
      return user.userType === "customer" && !user.role ? "allowed" : "forbidden";
  }
}

/**
 * The order wizard's later steps (and its posts) answer a request without a draft by sending the
 * customer back to the step that is missing, within the wizard: the guard let them through.
 */
const WIZARD = "/portal/orders/new";
function sentBackWithinWizard(pathname: string, answer: { status: number; location: string | null }): boolean {
  return pathname.startsWith(`${WIZARD}/`) && answer.status === 302 && (answer.location ?? "").startsWith(WIZARD);
}

function describeAnswer(answer: { status: number; location: string | null }): Expected | string {
  if (answer.status === 302 && answer.location?.startsWith("/auth?redirectTo=")) return "sign-in";
  if (answer.status === 403) return "forbidden";
  return `status ${answer.status}${answer.location ? ` → ${answer.location}` : ""}`;
}

const routes = discoverRoutes();
// Imported at collection time, so each test knows whether its loader or action exists.
const routeModules: Array<Record<string, unknown> & { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown }> =
  await Promise.all(routes.map((route) => import(route.file)));

describe("route × role matrix", () => {
  it("finds the back-office and portal route modules in app/routes", () => {
    const ids = routes.map((route) => route.id);
    for (const id of ["backoffice", "backoffice._index", "portal", "portal._index", "portal.caregiver-bookings", "portal.earnings", "portal.notifications", "portal.orders.$orderNumber_.arvio"]) {
      expect(ids).toContain(id);
    }
  });

  for (const [index, route] of routes.entries()) {
    const module = routeModules[index]!;
    const { pathname, params } = sampleUrl(route.id);
    const hasParams = Object.keys(params).length > 0;
    const rule = accessRuleFor(pathname);

    describe(`${route.id} (${pathname})`, () => {
      it("is covered by the access table", () => {
        expect(rule).not.toBeNull();
      });

      for (const visitor of VISITORS) {
        it.skipIf(typeof module.loader !== "function")(`loader answers ${visitor} as the access table says`, async () => {
          const expected = expectedAnswer(rule!, visitor);
          const answer = await answerOf(() =>
            module.loader!({ request: getRequest(pathname, cookies[visitor]), params, context: contextFor() }),
          );
          if (expected === "sign-in") {
            expect(describeAnswer(answer)).toBe("sign-in");
            expect(new URL(answer.location!, "http://x").searchParams.get("redirectTo")).toBe(pathname);
          } else if (expected === "forbidden") {
            expect(describeAnswer(answer)).toBe("forbidden");
          } else if (hasParams) {
            // A sample id finds nothing: allowed means the guard let the visitor through.
            expect([200, 404]).toContain(answer.status);
          } else if (!sentBackWithinWizard(pathname, answer)) {
            expect(answer.status, describeAnswer(answer)).toBe(200);
          }
        });

        // Every action is a form post: refused before anything else for those the table refuses,
        // and for those it allows, let through the guard to the form's own check, which finds an
        // empty form incomplete (400) or the sample id unknown (404). The actions' real work is
        // tested with each page.
        it.skipIf(typeof module.action !== "function")(`action answers ${visitor} as the access table says`, async () => {
          const expected = expectedAnswer(rule!, visitor);
          const answer = await answerOf(() =>
            module.action!({ request: postRequest(pathname, {}, cookies[visitor]), params, context: contextFor() }),
          );
          if (expected === "allowed") {
            if (!sentBackWithinWizard(pathname, answer)) expect(hasParams ? [400, 404] : [400], describeAnswer(answer)).toContain(answer.status);
          } else {
            expect(describeAnswer(answer)).toBe(expected);
          }
        });
      }
    });
  }
});
