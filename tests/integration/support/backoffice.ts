import { availableAlways, offerEveryService } from "./booking-fixtures";
import crypto from "node:crypto";
import { sql } from "kysely";
import { getDb, type Executor } from "~/db.server";
import type { CaregiverStatus } from "~/db/schema";

// Fixtures of the back-office tests: helpers in any state and city, the audit lines and e-mails
// a staff action leaves behind.

export async function createCaregiver(
  db: Executor,
  options: { name?: string; status?: CaregiverStatus; city?: string; rating?: number | null; email?: string } = {},
): Promise<{ id: string; profileId: string; email: string; name: string }> {
  const email = options.email ?? `kaveri-${crypto.randomUUID()}@example.fi`;
  const name = options.name ?? "Aino Äijälä";
  const profile = await db
    .insertInto("profiles")
    .values({ email, full_name: name, phone: "0401112222", user_type: "caregiver", email_confirmed_at: sql`now()` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const caregiver = await db
    .insertInto("caregivers")
    .values({
      profile_id: profile.id,
      city: options.city ?? "Helsinki",
      status: options.status ?? "approved",
      average_rating: options.rating === undefined ? 4.6 : options.rating,
      bio: `${name} auttaa mielellään.`,
      date_of_birth: "1990-06-15",
      languages: ["suomi"],
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await offerEveryService(db, caregiver.id);
  await availableAlways(db, caregiver.id);
  return { id: caregiver.id, profileId: profile.id, email, name };
}

export async function auditRows(entityType: string, entityId: string) {
  const db = await getDb();
  return db
    .selectFrom("audit_log")
    .selectAll()
    .where("entity_type", "=", entityType)
    .where("entity_id", "=", entityId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function emailsTo(address: string) {
  const db = await getDb();
  return db
    .selectFrom("emails")
    .selectAll()
    .where(sql<string>`lower(to_address)`, "=", address.toLowerCase())
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
