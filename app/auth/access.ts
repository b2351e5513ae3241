import type { StaffRole } from "../domain/statuses";
import { backofficeSectionTexts, homeLabels } from "../messages/access";
import { authMessages } from "../messages/auth";

// Who may open which page (spec 001 §6), in one table. The back-office menu is drawn from it,
// the guards are called with it, and the route × role matrix test checks every route module
// against it, so a page and its menu entry cannot disagree about who sees them.

export const STAFF_ROLES = ["admin", "moderator", "support"] as const satisfies readonly StaffRole[];

/** Allowed back-office roles per page: `requireRole(request, access.orders)`. */
export const access = {
  backoffice: STAFF_ROLES,
  users: ["admin", "moderator"],
  caregivers: ["admin", "moderator"],
  orders: ["admin", "moderator", "support"],
  payments: ["admin"],
  /** The accounting archive of erased accounts (decision 0034): money documents, as the payments page. */
  archive: ["admin"],
  discountCodes: ["admin"],
  reports: ["admin"],
  settings: ["admin"],
  audit: ["admin"],
  /** Cancelling an order (a refund or a credit note follows): admin only (001 §6). */
  cancelOrders: ["admin"],
  /** Moving a visit to another time for a phone request (a refund or an invoice may follow; docs/decisions/0020). */
  rescheduleOrders: ["admin", "support"],
  /**
   * Revoking an order's "Hallitse varausta" links and e-mailing the payer a new one (the payer's
   * phone request; docs/decisions/0036): the roles that serve customers on the phone.
   */
  reissueManageLinks: ["admin", "support"],
  /** Sending a person their data export on their request (issue 29 item 2; docs/decisions/0032). */
  exportPersonalData: ["admin"],
  /** Asking for a customer's or a helper's deletion on their phoned request (GDPR art. 17; docs/decisions/0034). */
  erasePeople: ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type BackofficeSection = Exclude<keyof typeof access, "backoffice" | "cancelOrders" | "rescheduleOrders" | "reissueManageLinks" | "exportPersonalData" | "erasePeople">;

export interface BackofficeMenuItem {
  section: BackofficeSection;
  path: string;
  label: string;
  /** One line for the welcome page's guide to the sections. */
  description: string;
}

// Typed here so that a section without its texts fails the typecheck.
const sectionTexts: Record<BackofficeSection, { label: string; description: string }> = backofficeSectionTexts;

const sectionPaths: ReadonlyArray<{ section: BackofficeSection; path: string }> = [
  { section: "users", path: "/backoffice/users" },
  { section: "caregivers", path: "/backoffice/caregivers" },
  { section: "orders", path: "/backoffice/orders" },
  { section: "payments", path: "/backoffice/payments" },
  { section: "archive", path: "/backoffice/arkisto" },
  { section: "discountCodes", path: "/backoffice/discount-codes" },
  { section: "reports", path: "/backoffice/reports" },
  { section: "settings", path: "/backoffice/settings" },
  { section: "audit", path: "/backoffice/audit" },
];

/** The back-office menu in display order; the access rules of the sections' URLs come from here too. */
export const backofficeMenu: readonly BackofficeMenuItem[] = sectionPaths.map((item) => ({ ...item, ...sectionTexts[item.section] }));

export function menuForRole(role: StaffRole): BackofficeMenuItem[] {
  return backofficeMenu.filter((item) => (access[item.section] as readonly StaffRole[]).includes(role));
}

/** What a page requires of the signed-in user. */
export type AccessRule =
  | { kind: "staff"; roles: readonly StaffRole[] }
  | { kind: "signedIn" }
  | { kind: "caregiver" }
  | { kind: "customer" };

/** Portal pages that need more than a signed-in user. */
const portalRules: ReadonlyArray<{ path: string; rule: AccessRule }> = [
  { path: "/portal/caregiver-bookings", rule: { kind: "caregiver" } },
  { path: "/portal/earnings", rule: { kind: "caregiver" } },
  { path: "/portal/saatavuus", rule: { kind: "caregiver" } },
  // Booking is for customers (spec 000 §6); helpers and staff have nothing to book.
  { path: "/portal/orders/new", rule: { kind: "customer" } },
  { path: "/portal/orders/success", rule: { kind: "customer" } },
  { path: "/portal/profile/saajat", rule: { kind: "customer" } },
  // The household-deduction statements are the paying customer's own (decision 0028).
  { path: "/portal/verotiedot", rule: { kind: "customer" } },
];

/** Back-office pages whose rule is stricter than their section's. */
const backofficePageRules: ReadonlyArray<{ pattern: RegExp; roles: readonly StaffRole[] }> = [
  { pattern: /^\/backoffice\/orders\/[^/]+\/peruuta$/, roles: access.cancelOrders },
  { pattern: /^\/backoffice\/orders\/[^/]+\/muuta-aika(\/.*)?$/, roles: access.rescheduleOrders },
  // A series of weekly visits (issue 27 item 5): cancelling as an order's, the rest as the orders'.
  { pattern: /^\/backoffice\/sarjat\/[^/]+\/peru$/, roles: access.cancelOrders },
  { pattern: /^\/backoffice\/sarjat(\/.*)?$/, roles: access.orders },
];

function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The rule for a URL path: the most specific entry wins, so '/backoffice/orders/123' follows
 * the orders entry and an unlisted back-office page is open to every back-office role.
 * Returns null for public paths.
 */
export function accessRuleFor(pathname: string): AccessRule | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (startsWithSegment(path, "/backoffice")) {
    const page = backofficePageRules.find((rule) => rule.pattern.test(path));
    if (page) return { kind: "staff", roles: page.roles };
    const item = backofficeMenu.find((entry) => startsWithSegment(path, entry.path));
    return { kind: "staff", roles: item ? access[item.section] : access.backoffice };
  }
  if (startsWithSegment(path, "/portal")) {
    const entry = portalRules.find((candidate) => startsWithSegment(path, candidate.path));
    return entry?.rule ?? { kind: "signedIn" };
  }
  return null;
}

/** Where a user lands after signing in, or when a signed-in user opens /auth (spec 000 §2, DESIGN 13). */
export function homePathFor(user: { role: StaffRole | null; userType: "customer" | "caregiver" }): string {
  if (user.role) return "/backoffice";
  if (user.userType === "caregiver") return "/portal/caregiver-bookings";
  return "/portal";
}

/** Where 'Varaa nyt' takes a visitor: a signed-in customer books with their details filled in. */
export function bookingPathFor(user: { role: StaffRole | null; userType: "customer" | "caregiver" } | null): string {
  return user && !user.role && user.userType === "customer" ? "/varaa-kaveri" : "/varaa";
}

/** What the link to homePathFor is called in the public pages' header. */
export function homeLabelFor(user: { role: StaffRole | null; userType: "customer" | "caregiver" }): string {
  if (user.role) return homeLabels.staff;
  if (user.userType === "caregiver") return homeLabels.caregiver;
  return homeLabels.customer;
}

/** The sign-in toast of spec 000 §8. */
export function signInToastTitle(user: { role: StaffRole | null; userType: "customer" | "caregiver" }): string {
  if (user.role === "admin") return authMessages.signedInAsAdmin;
  if (!user.role && user.userType === "caregiver") return authMessages.signedInAsCaregiver;
  return authMessages.signedIn;
}

/**
 * A redirect target taken from the query string is followed only if it is a path on this site
 * ('/portal', not '//evil.example', 'https://evil.example' or '/\t/evil.example', which browsers
 * read as '//evil.example'). The value is resolved as a browser would and must stay on our origin;
 * control characters and backslashes are refused outright. Returns the path as resolved.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = "http://arkikaveri.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname.startsWith("//")) return null;
  if (startsWithSegment(url.pathname, "/auth")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
