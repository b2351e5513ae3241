import { beforeAll, describe, expect, it } from "vitest";
import { accessRuleFor, type AccessRule } from "~/auth/access";
import type { AuthUser } from "~/models/users.server";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { discoverRouteFiles, sampleUrl, urlSegments, type RouteModuleFile } from "./support/routes";

// The route × role matrix: every route module under /backoffice and /portal, found by reading
// app/routes (so a page added later is covered without editing this test), is called as each
// kind of visitor; the answer must match the access table in app/auth/access.ts.

/** The route modules whose URL starts /backoffice or /portal. */
function discoverRoutes(): RouteModuleFile[] {
  return discoverRouteFiles().filter(({ id }) => {
    const first = urlSegments(id)[0];
    return first === "backoffice" || first === "portal";
  });
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
  // The portal's old wizard leads to the one signed-in wizard, /varaa-kaveri (issue 26 item 3).
  if (pathname.startsWith(WIZARD)) return answer.status === 302 && (answer.location ?? "").startsWith("/varaa-kaveri");
  return false;
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
