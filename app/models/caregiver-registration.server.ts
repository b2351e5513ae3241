import { sql } from "kysely";
import type { Executor } from "../db.server";

// The SQL of helper registration (spec 001 §4, §7): the duplicate check, and the account,
// helper and service rows that step 2 writes in one transaction.

/** E-mail addresses are unique regardless of letter case (index profiles_email_key). */
export async function isEmailRegistered(executor: Executor, email: string): Promise<boolean> {
  const row = await executor
    .selectFrom("profiles")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates the helper's account (profile with user_type caregiver, unconfirmed). Null when the
 * address already has an account: the unique index decides, so two simultaneous registrations
 * with one address cannot both succeed.
 */
export async function insertCaregiverProfile(
  executor: Executor,
  input: { email: string; fullName: string; phone: string; passwordHash: string },
): Promise<{ id: string } | null> {
  const row = await executor
    .insertInto("profiles")
    .values({
      email: input.email.trim(),
      full_name: input.fullName.trim(),
      phone: input.phone,
      password_hash: input.passwordHash,
      user_type: "caregiver",
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ?? null;
}

export interface NewCaregiver {
  profileId: string;
  city: string;
  /** Street address. */
  location: string;
  postalCode: string;
  bio: string;
  languages: string[];
  hasDriversLicense: boolean;
  hasCar: boolean;
  /** 'yyyy-MM-dd' */
  dateOfBirth: string;
  profileImageUrl: string;
}

/** The helper row of a new registration: pending, 20 km radius, no rate or restrictions yet (§9). */
export async function insertCaregiver(executor: Executor, input: NewCaregiver): Promise<{ id: string }> {
  return executor
    .insertInto("caregivers")
    .values({
      profile_id: input.profileId,
      city: input.city,
      location: input.location,
      postal_code: input.postalCode,
      bio: input.bio,
      radius_km: 20,
      languages: input.languages,
      has_drivers_license: input.hasDriversLicense,
      has_car: input.hasCar,
      allergies_restrictions: null,
      hourly_rate_cents: null,
      date_of_birth: input.dateOfBirth,
      profile_image_url: input.profileImageUrl,
      status: "pending",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Service category ids by slug, for the slugs that exist. */
export async function findServiceCategoryIdsBySlug(executor: Executor, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await executor
    .selectFrom("service_categories")
    .select(["id", "slug"])
    .where("slug", "in", [...slugs])
    .execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export async function insertCaregiverServices(executor: Executor, caregiverId: string, categoryIds: readonly string[]): Promise<void> {
  if (categoryIds.length === 0) return;
  await executor
    .insertInto("caregiver_services")
    .values(categoryIds.map((id) => ({ caregiver_id: caregiverId, service_category_id: id })))
    .execute();
}
