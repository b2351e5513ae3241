import { clearOfVisits, DEFAULT_TRAVEL_MINUTES, withinPlan, type AvailabilityPlan } from "./availability";
import type { CaregiverStatus } from "./statuses";

// Who can do a visit (DESIGN.md decisions 17 and 24; docs/decisions/0021-one-matching-rule.md).
// The database answers with one query (app/models/matching.server.ts); this is the same rule
// written plainly over plain data, the reference the property test holds the query to, and the
// order in which a refusal names its reason.

/** What a visit needs of a helper. */
export interface VisitNeed {
  serviceCategoryId: string;
  city: string;
  startsAt: Date;
  endsAt: Date;
  /** The order being (re)assigned: its own time never counts against its helper. */
  exceptOrderId?: string | null;
}

/** What decides whether a helper can do a visit. */
export interface HelperFacts {
  id: string;
  status: CaregiverStatus;
  homeCity: string;
  serviceCities: readonly string[];
  serviceCategoryIds: readonly string[];
  /** Their weekly plan and its exceptions (docs/decisions/0035): no plan, no visits. */
  plan: AvailabilityPlan;
  /** Their orders that are not cancelled. */
  liveOrders: ReadonlyArray<{ id: string; startsAt: Date; endsAt: Date }>;
}

/** Why a helper cannot do a visit, in the order the rule checks. */
export type MatchRefusal = "not_working" | "no_service" | "outside_area" | "off_hours" | "busy";

/** Towns compare case and outer spaces aside ("helsinki " is Helsinki). */
export function sameCity(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The first reason the helper cannot do the visit, or null when they can. Busy includes the travel
 * time: no live order closer than `travelMinutes` to the visit (the exclusion constraint
 * `orders_caregiver_travel_time`'s test, while the setting is what the orders were booked with).
 */
export function matchRefusal(helper: HelperFacts, visit: VisitNeed, travelMinutes = DEFAULT_TRAVEL_MINUTES): MatchRefusal | null {
  // Only approved helpers work: pending, rejected and suspended ones are all other statuses.
  if (helper.status !== "approved") return "not_working";
  if (!helper.serviceCategoryIds.includes(visit.serviceCategoryId)) return "no_service";
  if (!sameCity(helper.homeCity, visit.city) && !helper.serviceCities.some((city) => sameCity(city, visit.city))) return "outside_area";
  if (!withinPlan(helper.plan, visit)) return "off_hours";
  const others = helper.liveOrders.filter((order) => order.id !== visit.exceptOrderId);
  if (!clearOfVisits(others, travelMinutes, visit)) return "busy";
  return null;
}

export function canDoVisit(helper: HelperFacts, visit: VisitNeed, travelMinutes = DEFAULT_TRAVEL_MINUTES): boolean {
  return matchRefusal(helper, visit, travelMinutes) === null;
}
