import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { CaregiverStatus } from "../db/schema";
import { safePhotoUrl } from "../domain/caregiver-offer";
import { VERIFICATION_FLAGS, type VerificationFlags } from "../domain/caregiver-review";
import { containsPattern } from "../domain/list-query";
import { isUuid } from "../domain/uuid";
import { ordersWithParties, orderSummaryColumns, toOrderSummary, type OrderSummary } from "./order-views.server";

// Helpers as the back office sees them (spec 001 §2 /backoffice/caregivers, issue 14): the list
// and its work queue, one application in full, and the rows the review actions change. The
// review itself (e-mails, audit) is composed in app/services/caregiver-review.server.ts.

export const CAREGIVER_PAGE_SIZE = 25;

export interface CaregiverListFilters {
  status: CaregiverStatus | null;
  search: string | null;
  /** 1-based; the list is at most a few thousand helpers, so offset paging stays cheap. */
  page: number;
}

export interface CaregiverListRow {
  id: string;
  fullName: string;
  email: string;
  city: string;
  status: CaregiverStatus;
  averageRating: number | null;
  photoUrl: string | null;
  flags: VerificationFlags;
  appliedAt: Date;
}

const flagColumns = VERIFICATION_FLAGS.map((flag) => `caregivers.${flag}` as const);

function flagsOf(row: Record<(typeof VERIFICATION_FLAGS)[number], boolean>): VerificationFlags {
  return Object.fromEntries(VERIFICATION_FLAGS.map((flag) => [flag, row[flag]])) as VerificationFlags;
}

/**
 * The helpers list: pending applications first, oldest first (the work queue), then everyone else
 * newest first. Search matches name, e-mail or city, case-insensitively.
 */
export async function listCaregiversForStaff(
  db: Executor,
  filters: CaregiverListFilters,
): Promise<{ rows: CaregiverListRow[]; total: number }> {
  // The helpers alone are filtered, sorted and counted (a few thousand rows); their names and
  // e-mails are read for the page's rows only. Joined first, the planner would read every
  // customer's profile too (100 000 of them) to find the helpers'.
  let query = db.selectFrom("caregivers");
  if (filters.status) query = query.where("caregivers.status", "=", filters.status);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    query = query.where((eb) =>
      eb.or([
        eb(
          "caregivers.profile_id",
          "in",
          eb
            .selectFrom("profiles")
            .select("profiles.id")
            // The helpers' own trigram index of names (migration 0004), and e-mails by theirs.
            .where("profiles.user_type", "=", "caregiver")
            .where((inner) => inner.or([inner("profiles.full_name", "ilike", pattern), inner(sql<string>`lower(profiles.email)`, "like", pattern.toLowerCase())])),
        ),
        eb("caregivers.city", "ilike", pattern),
      ]),
    );
  }
  const page = query
    .select(["caregivers.id", "caregivers.profile_id", "caregivers.status", "caregivers.created_at"])
    .orderBy(sql`caregivers.status = 'pending'`, "desc")
    .orderBy(sql`case when caregivers.status = 'pending' then caregivers.created_at end`, "asc")
    .orderBy("caregivers.created_at", "desc")
    .orderBy("caregivers.id")
    .limit(CAREGIVER_PAGE_SIZE)
    .offset((filters.page - 1) * CAREGIVER_PAGE_SIZE);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(page.as("pg"))
      .innerJoin("caregivers", "caregivers.id", "pg.id")
      .innerJoin("profiles", "profiles.id", "pg.profile_id")
      .select([
        "caregivers.id",
        "profiles.full_name",
        "profiles.email",
        "caregivers.city",
        "caregivers.status",
        "caregivers.average_rating",
        "caregivers.profile_image_url",
        "caregivers.created_at",
        ...flagColumns,
      ])
      .orderBy(sql`pg.status = 'pending'`, "desc")
      .orderBy(sql`case when pg.status = 'pending' then pg.created_at end`, "asc")
      .orderBy("pg.created_at", "desc")
      .orderBy("pg.id")
      .execute(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: count.count,
    rows: rows.map((row) => ({
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      city: row.city,
      status: row.status,
      averageRating: row.average_rating,
      photoUrl: safePhotoUrl(row.profile_image_url),
      flags: flagsOf(row),
      appliedAt: row.created_at,
    })),
  };
}

export interface CaregiverApplication {
  id: string;
  profileId: string;
  fullName: string;
  email: string;
  emailConfirmed: boolean;
  phone: string | null;
  city: string;
  location: string | null;
  postalCode: string | null;
  bio: string;
  radiusKm: number;
  languages: string[];
  hasDriversLicense: boolean;
  hasCar: boolean;
  dateOfBirth: string | null;
  photoUrl: string | null;
  status: CaregiverStatus;
  averageRating: number | null;
  totalOrders: number;
  flags: VerificationFlags;
  rejectionReason: string | null;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  reviewedAt: Date | null;
  reviewedByName: string | null;
  appliedAt: Date;
  services: string[];
}

/** One helper's whole application, or null (also for an id that is not a uuid). */
export async function getCaregiverApplication(db: Executor, caregiverId: string): Promise<CaregiverApplication | null> {
  if (!isUuid(caregiverId)) return null;
  const row = await db
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .leftJoin("profiles as reviewer", "reviewer.id", "caregivers.reviewed_by")
    .select([
      "caregivers.id",
      "caregivers.profile_id",
      "profiles.full_name",
      "profiles.email",
      "profiles.email_confirmed_at",
      "profiles.phone",
      "caregivers.city",
      "caregivers.location",
      "caregivers.postal_code",
      "caregivers.bio",
      "caregivers.radius_km",
      "caregivers.languages",
      "caregivers.has_drivers_license",
      "caregivers.has_car",
      "caregivers.date_of_birth",
      "caregivers.profile_image_url",
      "caregivers.status",
      "caregivers.average_rating",
      "caregivers.total_orders",
      "caregivers.rejection_reason",
      "caregivers.suspended_at",
      "caregivers.suspension_reason",
      "caregivers.reviewed_at",
      "reviewer.full_name as reviewer_name",
      "caregivers.created_at",
      ...flagColumns,
    ])
    .where("caregivers.id", "=", caregiverId)
    .executeTakeFirst();
  if (!row) return null;
  const services = await db
    .selectFrom("caregiver_services")
    .innerJoin("service_categories", "service_categories.id", "caregiver_services.service_category_id")
    .select("service_categories.name")
    .where("caregiver_services.caregiver_id", "=", caregiverId)
    .orderBy("service_categories.sort_order")
    .orderBy("service_categories.name")
    .execute();
  return {
    id: row.id,
    profileId: row.profile_id,
    fullName: row.full_name,
    email: row.email,
    emailConfirmed: row.email_confirmed_at !== null,
    phone: row.phone,
    city: row.city,
    location: row.location,
    postalCode: row.postal_code,
    bio: row.bio,
    radiusKm: row.radius_km,
    languages: row.languages,
    hasDriversLicense: row.has_drivers_license,
    hasCar: row.has_car,
    dateOfBirth: row.date_of_birth,
    photoUrl: safePhotoUrl(row.profile_image_url),
    status: row.status,
    averageRating: row.average_rating,
    totalOrders: row.total_orders,
    flags: flagsOf(row),
    rejectionReason: row.rejection_reason,
    suspendedAt: row.suspended_at,
    suspensionReason: row.suspension_reason,
    reviewedAt: row.reviewed_at,
    reviewedByName: row.reviewer_name ?? null,
    appliedAt: row.created_at,
    services: services.map((service) => service.name),
  };
}

/** What a review action needs to know and change, locked for the rest of the transaction. */
export interface LockedCaregiver {
  id: string;
  profileId: string;
  status: CaregiverStatus;
  fullName: string;
  email: string;
  flags: VerificationFlags;
  rejectionReason: string | null;
  suspensionReason: string | null;
}

export async function lockCaregiverForReview(trx: Executor, caregiverId: string): Promise<LockedCaregiver | null> {
  if (!isUuid(caregiverId)) return null;
  const row = await trx
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select([
      "caregivers.id",
      "caregivers.profile_id",
      "caregivers.status",
      "profiles.full_name",
      "profiles.email",
      "caregivers.rejection_reason",
      "caregivers.suspension_reason",
      ...flagColumns,
    ])
    .where("caregivers.id", "=", caregiverId)
    .forUpdate("caregivers")
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    profileId: row.profile_id,
    status: row.status,
    fullName: row.full_name,
    email: row.email,
    flags: flagsOf(row),
    rejectionReason: row.rejection_reason,
    suspensionReason: row.suspension_reason,
  };
}

/**
 * Sets a reviewed helper's status. A rejection keeps its reason, a suspension its time and
 * optional reason; approving or reinstating clears both, so the row says only what is true now.
 */
export async function setCaregiverReviewStatus(
  trx: Executor,
  input: { caregiverId: string; status: CaregiverStatus; reviewerId: string; reason: string | null },
): Promise<void> {
  await trx
    .updateTable("caregivers")
    .set({
      status: input.status,
      rejection_reason: input.status === "rejected" ? input.reason : null,
      suspension_reason: input.status === "suspended" ? input.reason : null,
      suspended_at: input.status === "suspended" ? sql`now()` : null,
      reviewed_at: sql`now()`,
      reviewed_by: input.reviewerId,
      updated_at: sql`now()`,
    })
    .where("id", "=", input.caregiverId)
    .execute();
}

export async function setVerificationFlags(trx: Executor, caregiverId: string, flags: VerificationFlags): Promise<void> {
  await trx
    .updateTable("caregivers")
    .set({ ...flags, updated_at: sql`now()` })
    .where("id", "=", caregiverId)
    .execute();
}

export interface CaregiverOrderRow extends OrderSummary {
  customerName: string;
}

/**
 * A helper's live orders that have not ended yet, soonest first: what must be reassigned when a
 * helper is suspended.
 */
export async function listUpcomingOrdersOfCaregiver(db: Executor, caregiverId: string, now: Date): Promise<CaregiverOrderRow[]> {
  const rows = await ordersWithParties(db)
    .select([...orderSummaryColumns, "cp.full_name as customer_name"])
    .where("o.caregiver_id", "=", caregiverId)
    .where("o.ends_at", ">", now)
    .where("o.status", "not in", ["cancelled", "completed"])
    .orderBy("o.starts_at")
    .execute();
  return rows.map((row) => ({ ...toOrderSummary(row), customerName: row.customer_name }));
}
