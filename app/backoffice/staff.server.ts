import type { AppLoadContext } from "@remix-run/node";
import { requireRole, type StaffUser } from "~/auth/guards.server";
import type { StaffRole } from "~/db/schema";
import { safeRedirectPath } from "~/auth/access";
import { PAGE_NOT_FOUND } from "~/messages/backoffice";
import { FORM_INCOMPLETE } from "~/messages/fields";
import type { AuditActor } from "~/models/audit-log.server";

// What every back-office action starts with: the guard, and the actor its audit lines name.

export async function requireStaffActor(
  request: Request,
  context: Partial<AppLoadContext> | undefined,
  roles: readonly StaffRole[],
): Promise<{ user: StaffUser; actor: AuditActor }> {
  const user = await requireRole(request, roles);
  return { user, actor: { id: user.id, ip: context?.clientIp ?? null } };
}

/**
 * A form that names the page to return to: followed only to a back-office page of this site,
 * resolved as a browser would ('/backoffice/../portal' is '/portal', so it is refused).
 */
export function backofficeReturnPath(value: unknown, fallback: string): string {
  const path = safeRedirectPath(value);
  if (!path) return fallback;
  const base = "http://backoffice.invalid";
  const url = new URL(path, base);
  if (url.origin !== base || !(url.pathname === "/backoffice" || url.pathname.startsWith("/backoffice/"))) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A form whose intent no branch of the action knows: a forged or outdated form. */
export function badForm(): Response {
  return new Response(FORM_INCOMPLETE, { status: 400, statusText: "Bad Request" });
}

export function notFound(message: string = PAGE_NOT_FOUND): Response {
  return new Response(message, { status: 404, statusText: "Not Found" });
}
