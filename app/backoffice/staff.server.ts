import type { AppLoadContext } from "@remix-run/node";
import { requireRole, type StaffUser } from "~/auth/guards.server";
import type { StaffRole } from "~/db/schema";
import { safeRedirectPath } from "~/auth/access";
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

/** A form that names the page to return to; only back-office pages of this site are followed. */
export function backofficeReturnPath(value: unknown, fallback: string): string {
  const path = safeRedirectPath(value);
  return path && (path === "/backoffice" || path.startsWith("/backoffice/") || path.startsWith("/backoffice?")) ? path : fallback;
}

/** A form whose intent no branch of the action knows: a forged or outdated form. */
export function badForm(): Response {
  return new Response("Lomakkeen tiedot olivat puutteelliset.", { status: 400, statusText: "Bad Request" });
}

export function notFound(message = "Sivua ei löytynyt."): Response {
  return new Response(message, { status: 404, statusText: "Not Found" });
}
