import { sql } from "kysely";
import type { Executor } from "../db.server";
import { candidateSlots, canDoVisit, caregiverMatchRefusal, slotVisitTerms, visitTerms, type VisitTerms } from "./matching.server";
import type { CaregiverStatus } from "../domain/statuses";
import {
  OFFERED_CAREGIVER_LIMIT,
  OFFERED_CAREGIVER_MIN_RATING,
  safePhotoUrl,
  type CaregiverAvailability,
  type OfferedCaregiver,
} from "../domain/caregiver-offer";

export type { CaregiverAvailability, OfferedCaregiver };

// Caregivers as the booking wizards offer them, by the rules of app/domain/caregiver-offer.ts
// (spec 000 §7 "caregivers (/varaa step 2)"; DESIGN.md decisions 5, 17 and 24): those who can do
// the visit by the one matching rule (app/models/matching.server.ts: approved, offering the
// service, serving the city, free), rated at least 4 or not rated yet ('Uusi kaveri'), best
// first, at most six. The database still decides who is free: two customers may pick the same
// caregiver at once, and the exclusion constraint takes one.

/** What, where and when the helper is wanted. */
export interface VisitWindow {
  serviceCategoryId: string;
  startsAt: Date;
  endsAt: Date;
  city: string;
}

function bookableQuery(executor: Executor) {
  return executor
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select([
      "caregivers.id",
      "profiles.full_name",
      "caregivers.average_rating",
      "caregivers.total_orders",
      "caregivers.city",
      "caregivers.bio",
      "caregivers.profile_image_url",
    ])
    .where("caregivers.status", "=", "approved")
    .where((eb) => eb.or([eb("caregivers.average_rating", "is", null), eb("caregivers.average_rating", ">=", OFFERED_CAREGIVER_MIN_RATING)]));
}

function offeredQuery(executor: Executor, visit: VisitTerms) {
  return bookableQuery(executor).where(canDoVisit("caregivers", visit));
}

/** The order the helpers are offered in: best rated first, the new ones (not rated yet) after them. */
function bestFirst(query: ReturnType<typeof offeredQuery>) {
  return query.orderBy(sql`caregivers.average_rating desc nulls last`).orderBy("caregivers.total_orders", "desc").orderBy("caregivers.id");
}

type OfferedRow = {
  id: string;
  full_name: string;
  average_rating: number | null;
  total_orders: number;
  city: string;
  bio: string;
  profile_image_url: string | null;
};

function toOffered(row: OfferedRow): OfferedCaregiver {
  return {
    id: row.id,
    fullName: row.full_name,
    averageRating: row.average_rating,
    totalOrders: row.total_orders,
    city: row.city,
    bio: row.bio,
    photoUrl: safePhotoUrl(row.profile_image_url),
  };
}

/** The towns where approved helpers work: the service area the landing page names. */
export async function listServiceCities(executor: Executor): Promise<string[]> {
  const rows = await executor.selectFrom("caregivers").select("city").distinct().where("status", "=", "approved").execute();
  return rows
    .map((row) => row.city?.trim() ?? "")
    .filter((city) => city !== "")
    .sort((a, b) => a.localeCompare(b, "fi"));
}

/**
 * Up to six caregivers who serve the city and are free for the whole interval, best rated first
 * (the new ones, not rated yet, after them). `include` is a caregiver the customer already chose
 * (the same helper again): listed even beyond the six when they may be booked.
 */
export async function listOfferedCaregivers(
  executor: Executor,
  visit: VisitWindow,
  include: string | null = null,
): Promise<OfferedCaregiver[]> {
  const rows = await bestFirst(offeredQuery(executor, visitTerms(visit))).limit(OFFERED_CAREGIVER_LIMIT).execute();
  const offered = rows.map(toOffered);
  if (include && !offered.some((caregiver) => caregiver.id === include)) {
    const chosen = await findOfferedCaregiver(executor, include, visit);
    if (chosen) offered.unshift(chosen);
  }
  return offered;
}

/**
 * The caregiver a draft names, if they may still be booked for the visit: approved, rated at
 * least 4 or new, serving the city and free. Step 2's choice is re-checked with this on every
 * later step.
 */
export async function findOfferedCaregiver(
  executor: Executor,
  caregiverId: string,
  visit: VisitWindow,
  /** The customer's own unpaid order for this very draft, which must not count as a clash. */
  exceptOrderId: string | null = null,
): Promise<OfferedCaregiver | null> {
  const row = await offeredQuery(executor, visitTerms({ ...visit, exceptOrderId })).where("caregivers.id", "=", caregiverId).executeTakeFirst();
  return row ? toOffered(row) : null;
}

/** Whether the named helper may be booked at a slot and, when not, the helper offered first then. */
export interface SlotOffer {
  /** findOfferedCaregiver's answer for the named helper (false without one). */
  free: boolean;
  /** When not free: the first of listOfferedCaregivers at the slot, if anyone. */
  alternative: { id: string; fullName: string } | null;
}

/**
 * For each candidate slot, in one query: whether the named helper may be booked then and, when
 * not, the best helper who may (the weekly series' preview, issue 27 item 4). The same terms and
 * order as findOfferedCaregiver and listOfferedCaregivers; in the order of `slots`.
 */
export async function offersAtSlots(
  executor: Executor,
  need: { serviceCategoryId: string; city: string; caregiverId: string | null },
  slots: ReadonlyArray<{ startsAt: Date; endsAt: Date }>,
): Promise<SlotOffer[]> {
  if (slots.length === 0) return [];
  const named = need.caregiverId;
  const free = named ? sql<boolean>`exists (${offeredQuery(executor, slotVisitTerms("slot", need)).where("caregivers.id", "=", named)})` : sql<boolean>`false`;
  // The lateral subquery runs only for a slot the named helper cannot take.
  const best = bestFirst(offeredQuery(executor, slotVisitTerms("checked", need)))
    .where(sql<boolean>`not checked.free`)
    .limit(1);
  const result = await sql<{ free: boolean; id: string | null; full_name: string | null }>`
    select checked.free, best.id, best.full_name
    from (select slot.ord, slot.starts_at, slot.ends_at, ${free} as free from ${candidateSlots(slots)}) as checked
    left join lateral ${best} as best on true
    order by checked.ord`.execute(executor);
  return result.rows.map((row) => ({
    free: row.free,
    alternative: row.id !== null && row.full_name !== null ? { id: row.id, fullName: row.full_name } : null,
  }));
}

/** A caregiver who may take bookings at all (approved, rated 4 or new), wherever and whenever. */
export async function findBookableCaregiver(executor: Executor, caregiverId: string): Promise<OfferedCaregiver | null> {
  const row = await bookableQuery(executor).where("caregivers.id", "=", caregiverId).executeTakeFirst();
  return row ? toOffered(row) : null;
}

/**
 * Why a named caregiver cannot be booked for the visit, or that they can: the step-2 notice and
 * the order's refusal say which, so that nobody is booked for what they do not do without being told.
 */
export async function caregiverAvailability(
  executor: Executor,
  caregiverId: string,
  visit: VisitWindow,
  exceptOrderId: string | null = null,
): Promise<CaregiverAvailability> {
  const row = await bookableQuery(executor).where("caregivers.id", "=", caregiverId).executeTakeFirst();
  if (!row) return { status: "not_bookable" };
  const refusal = await caregiverMatchRefusal(executor, caregiverId, { ...visit, exceptOrderId });
  const caregiver = toOffered(row);
  switch (refusal) {
    case null:
      return { status: "available", caregiver };
    case "no_service":
      return { status: "no_service", caregiver };
    case "outside_area":
      return { status: "outside_area", caregiver };
    case "off_hours":
      return { status: "off_hours", caregiver };
    case "busy":
      return { status: "busy", caregiver };
    default:
      return { status: "not_bookable" };
  }
}

// ---------------------------------------------------------------- reaching a helper

export interface CaregiverContact {
  id: string;
  /** Their profile (user) id: whom their notifications go to. */
  profileId: string;
  fullName: string;
  email: string;
}

/** Name and e-mail of a helper, for the e-mails sent to them. */
export async function findCaregiverContact(executor: Executor, caregiverId: string): Promise<CaregiverContact | null> {
  const row = await executor
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select(["caregivers.id", "caregivers.profile_id", "profiles.full_name", "profiles.email"])
    .where("caregivers.id", "=", caregiverId)
    .executeTakeFirst();
  return row ? { id: row.id, profileId: row.profile_id, fullName: row.full_name, email: row.email } : null;
}

/** The helper assigned to an order, if any. */
export async function findCaregiverContactOfOrder(executor: Executor, orderId: string): Promise<CaregiverContact | null> {
  const row = await executor
    .selectFrom("orders")
    .innerJoin("caregivers", "caregivers.id", "orders.caregiver_id")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select(["caregivers.id", "caregivers.profile_id", "profiles.full_name", "profiles.email"])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  return row ? { id: row.id, profileId: row.profile_id, fullName: row.full_name, email: row.email } : null;
}

/** The helper whose profile picture is served at `url`, with what decides who may see it. */
export async function findPhotoOwner(
  executor: Executor,
  url: string,
): Promise<{ status: CaregiverStatus; profileId: string } | null> {
  const row = await executor
    .selectFrom("caregivers")
    .select(["status", "profile_id"])
    .where("profile_image_url", "=", url)
    .executeTakeFirst();
  return row ? { status: row.status, profileId: row.profile_id } : null;
}
