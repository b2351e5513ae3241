import { sql } from "kysely";
import type { Executor } from "~/db.server";

// "Aiemmat saajat": the people a signed-in customer has booked for (issue 26 item 1). Every query
// is scoped by the owner, so one customer never reads, changes or removes another's.

export interface SavedRecipient {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
}

export type RecipientDetails = Omit<SavedRecipient, "id">;

const COLUMNS = ["id", "first_name", "last_name", "phone", "address", "postal_code", "city"] as const;

function toRecipient(row: { id: string; first_name: string; last_name: string; phone: string; address: string; postal_code: string; city: string }): SavedRecipient {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
  };
}

function toRow(details: RecipientDetails) {
  return {
    first_name: details.firstName,
    last_name: details.lastName,
    phone: details.phone,
    address: details.address,
    postal_code: details.postalCode,
    city: details.city,
  };
}

/** The owner's saved recipients, the most recently booked first (at most 20: a tap list, not an address book). */
export async function listSavedRecipients(executor: Executor, ownerId: string): Promise<SavedRecipient[]> {
  const rows = await executor
    .selectFrom("saved_recipients")
    .select(COLUMNS)
    .where("owner_id", "=", ownerId)
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .limit(20)
    .execute();
  return rows.map(toRecipient);
}

export async function findSavedRecipient(executor: Executor, ownerId: string, id: string): Promise<SavedRecipient | null> {
  const row = await executor
    .selectFrom("saved_recipients")
    .select(COLUMNS)
    .where("owner_id", "=", ownerId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toRecipient(row) : null;
}

/** Remembers the person a booking was for; the same person at the same address is refreshed, not repeated. */
export async function rememberRecipient(executor: Executor, ownerId: string, details: RecipientDetails): Promise<void> {
  await executor
    .insertInto("saved_recipients")
    .values({ owner_id: ownerId, ...toRow(details) })
    .onConflict((oc) =>
      oc.columns(["owner_id", "first_name", "last_name", "address"]).doUpdateSet({
        phone: (eb) => eb.ref("excluded.phone"),
        postal_code: (eb) => eb.ref("excluded.postal_code"),
        city: (eb) => eb.ref("excluded.city"),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** Changes one of the owner's saved recipients; false when the owner has no such row. */
export async function updateSavedRecipient(executor: Executor, ownerId: string, id: string, details: RecipientDetails): Promise<boolean> {
  const result = await executor
    .updateTable("saved_recipients")
    .set({ ...toRow(details), updated_at: sql`now()` })
    .where("owner_id", "=", ownerId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes one of the owner's saved recipients; false when the owner has no such row. */
export async function deleteSavedRecipient(executor: Executor, ownerId: string, id: string): Promise<boolean> {
  const result = await executor.deleteFrom("saved_recipients").where("owner_id", "=", ownerId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
