import { sql } from "kysely";
import type { Executor } from "../db.server";
import { findServiceCategoryIdsBySlug, insertCaregiverServices } from "./caregiver-registration.server";

// The portal's profile page (spec 001 §5 "Profile", "Caregiver profile"; §7 "profiles: update
// full_name and phone"): what a person may change about themselves, always by their own id.

export interface EditableProfile {
  email: string;
  fullName: string;
  phone: string | null;
}

export async function findEditableProfile(db: Executor, userId: string): Promise<EditableProfile | null> {
  const row = await db.selectFrom("profiles").select(["email", "full_name", "phone"]).where("id", "=", userId).executeTakeFirst();
  return row ? { email: row.email, fullName: row.full_name, phone: row.phone } : null;
}

/** Saves the name and phone; false when nothing changed. The e-mail address is never changed here. */
export async function updateProfileBasics(db: Executor, userId: string, values: { fullName: string; phone: string | null }): Promise<boolean> {
  const result = await db
    .updateTable("profiles")
    .set({ full_name: values.fullName, phone: values.phone, updated_at: sql`now()` })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("full_name", "<>", values.fullName), eb("phone", "is distinct from", values.phone)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const row = await db.selectFrom("profiles").select("password_hash").where("id", "=", userId).executeTakeFirst();
  return row?.password_hash ?? null;
}

// ---------------------------------------------------------------- the helper's own section

export interface CaregiverProfile {
  id: string;
  /** The helper's own town (from the application); always served. */
  city: string;
  bio: string;
  /** Slugs of the service categories the helper offers. */
  services: string[];
  languages: string[];
  serviceCities: string[];
  profileImageUrl: string | null;
}

export async function findCaregiverProfile(db: Executor, profileId: string): Promise<CaregiverProfile | null> {
  const row = await db
    .selectFrom("caregivers")
    .select(["id", "city", "bio", "languages", "service_cities", "profile_image_url"])
    .where("profile_id", "=", profileId)
    .executeTakeFirst();
  if (!row) return null;
  const services = await db
    .selectFrom("caregiver_services")
    .innerJoin("service_categories", "service_categories.id", "caregiver_services.service_category_id")
    .select("service_categories.slug")
    .where("caregiver_services.caregiver_id", "=", row.id)
    .orderBy("service_categories.sort_order")
    .execute();
  return {
    id: row.id,
    city: row.city,
    bio: row.bio,
    services: services.map((service) => service.slug),
    languages: row.languages,
    serviceCities: row.service_cities,
    profileImageUrl: row.profile_image_url,
  };
}

export interface CaregiverProfileChange {
  bio: string;
  services: readonly string[];
  languages: readonly string[];
  serviceCities: readonly string[];
  /** A new photo's URL, or undefined to keep the one on file. */
  profileImageUrl?: string;
}

/** Saves the helper's section and replaces their services, in the caller's transaction. */
export async function updateCaregiverProfile(trx: Executor, caregiverId: string, change: CaregiverProfileChange): Promise<void> {
  await trx
    .updateTable("caregivers")
    .set({
      bio: change.bio,
      languages: [...change.languages],
      service_cities: [...change.serviceCities],
      ...(change.profileImageUrl ? { profile_image_url: change.profileImageUrl } : {}),
      updated_at: sql`now()`,
    })
    .where("id", "=", caregiverId)
    .execute();
  const categoryIds = await findServiceCategoryIdsBySlug(trx, change.services);
  const missing = change.services.filter((slug) => !categoryIds.has(slug));
  if (missing.length > 0) throw new Error(`service categories missing for ${missing.join(", ")}`);
  await trx.deleteFrom("caregiver_services").where("caregiver_id", "=", caregiverId).execute();
  await insertCaregiverServices(trx, caregiverId, [...categoryIds.values()]);
}
