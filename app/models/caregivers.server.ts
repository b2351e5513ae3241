import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { CaregiverStatus } from "../domain/statuses";
import {
  OFFERED_CAREGIVER_LIMIT,
  OFFERED_CAREGIVER_MIN_RATING,
  safePhotoUrl,
  type OfferedCaregiver,
} from "../domain/caregiver-offer";

export type { OfferedCaregiver };

// Caregivers as the booking wizards offer them, by the rules of app/domain/caregiver-offer.ts (spec 000 §7 "caregivers (/varaa step 2)"; DESIGN.md
// decision 5): approved, average rating at least 4, best first, at most six. A caregiver who
// already has a live order overlapping the requested time is left out, with the same condition
// as the exclusion constraint `orders_no_caregiver_overlap`, so what is offered is what the
// database will accept (it still decides: two customers may pick the same caregiver at once).



function offeredQuery(executor: Executor, interval: { startsAt: Date; endsAt: Date }, exceptOrderId: string | null = null) {
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
    .where("caregivers.average_rating", ">=", OFFERED_CAREGIVER_MIN_RATING)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("orders")
            .select(sql`1`.as("one"))
            .whereRef("orders.caregiver_id", "=", "caregivers.id")
            .where("orders.status", "<>", "cancelled")
            .$if(exceptOrderId !== null, (query) => query.where("orders.id", "<>", exceptOrderId!))
            .where(
              sql<boolean>`tstzrange(orders.starts_at, orders.ends_at, '[)') && tstzrange(${interval.startsAt}::timestamptz, ${interval.endsAt}::timestamptz, '[)')`,
            ),
        ),
      ),
    );
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
    averageRating: row.average_rating ?? 0,
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

/** Up to six caregivers free for the whole interval, best rated first. */
export async function listOfferedCaregivers(
  executor: Executor,
  interval: { startsAt: Date; endsAt: Date },
): Promise<OfferedCaregiver[]> {
  const rows = await offeredQuery(executor, interval)
    .orderBy("caregivers.average_rating", "desc")
    .orderBy("caregivers.total_orders", "desc")
    .orderBy("caregivers.id")
    .limit(OFFERED_CAREGIVER_LIMIT)
    .execute();
  return rows.map(toOffered);
}

/**
 * The caregiver a draft names, if they may still be booked for the interval: approved, rated at
 * least 4 and free. Step 2's choice is re-checked with this on every later step.
 */
export async function findOfferedCaregiver(
  executor: Executor,
  caregiverId: string,
  interval: { startsAt: Date; endsAt: Date },
  /** The customer's own unpaid order for this very draft, which must not count as a clash. */
  exceptOrderId: string | null = null,
): Promise<OfferedCaregiver | null> {
  const row = await offeredQuery(executor, interval, exceptOrderId).where("caregivers.id", "=", caregiverId).executeTakeFirst();
  return row ? toOffered(row) : null;
}

// ---------------------------------------------------------------- reaching a helper

export interface CaregiverContact {
  id: string;
  fullName: string;
  email: string;
}

/** Name and e-mail of a helper, for the e-mails sent to them. */
export async function findCaregiverContact(executor: Executor, caregiverId: string): Promise<CaregiverContact | null> {
  const row = await executor
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select(["caregivers.id", "profiles.full_name", "profiles.email"])
    .where("caregivers.id", "=", caregiverId)
    .executeTakeFirst();
  return row ? { id: row.id, fullName: row.full_name, email: row.email } : null;
}

/** The helper assigned to an order, if any. */
export async function findCaregiverContactOfOrder(executor: Executor, orderId: string): Promise<CaregiverContact | null> {
  const row = await executor
    .selectFrom("orders")
    .innerJoin("caregivers", "caregivers.id", "orders.caregiver_id")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select(["caregivers.id", "profiles.full_name", "profiles.email"])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  return row ? { id: row.id, fullName: row.full_name, email: row.email } : null;
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
