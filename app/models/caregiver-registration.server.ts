import type { Executor } from "../db.server";

// The SQL of helper registration (spec 001 §4, §7): the helper and service rows that step 2
// writes in one transaction with the account (whose profile row comes from users.server.ts).

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
