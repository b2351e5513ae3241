import { sql, type ExpressionBuilder } from "kysely";
import type { Database, Executor } from "../db.server";
import type { CaregiverStatus, OrderStatus } from "../db/schema";

// Orders as staff see and change them (spec 001 §2 /backoffice/orders, issue 14). The list
// queries are written for a million orders (docs/decisions/0012-backoffice-lists-at-scale.md);
// the changes take the transaction they run in, and the services around them write the audit
// line and the e-mails in that same transaction.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

// ---------------------------------------------------------------- one order, locked for a change

export interface LockedOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  caregiverId: string | null;
  caregiverName: string | null;
  startsAt: Date;
  endsAt: Date;
}

/** The order, locked until the caller's transaction ends, so two staff changes queue. */
export async function lockOrderForChange(trx: Executor, orderId: string): Promise<LockedOrder | null> {
  if (!isUuid(orderId)) return null;
  const row = await trx
    .selectFrom("orders")
    .leftJoin("caregivers", "caregivers.id", "orders.caregiver_id")
    .leftJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select([
      "orders.id",
      "orders.order_number",
      "orders.status",
      "orders.caregiver_id",
      "profiles.full_name as caregiver_name",
      "orders.starts_at",
      "orders.ends_at",
    ])
    .where("orders.id", "=", orderId)
    .forUpdate("orders")
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    caregiverId: row.caregiver_id,
    caregiverName: row.caregiver_name ?? null,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}

/**
 * A helper about to be assigned, with a share lock: a suspension of the same helper (which locks
 * the row for update) waits for this transaction, so no order is assigned to a helper in the same
 * moment they are suspended.
 */
export async function lockCaregiverForAssignment(
  trx: Executor,
  caregiverId: string,
): Promise<{ id: string; status: CaregiverStatus; fullName: string } | null> {
  if (!isUuid(caregiverId)) return null;
  const row = await trx
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select(["caregivers.id", "caregivers.status", "profiles.full_name"])
    .where("caregivers.id", "=", caregiverId)
    .forShare("caregivers")
    .executeTakeFirst();
  return row ? { id: row.id, status: row.status, fullName: row.full_name } : null;
}

/**
 * Sets (or clears) the helper of an order and of its payment rows. Throws the exclusion
 * violation of `orders_no_caregiver_overlap` when the helper has another live order at that time.
 */
export async function setOrderCaregiver(trx: Executor, orderId: string, caregiverId: string | null): Promise<void> {
  await trx
    .updateTable("orders")
    .set({ caregiver_id: caregiverId, updated_at: sql`now()` })
    .where("id", "=", orderId)
    .execute();
  await trx.updateTable("payments").set({ caregiver_id: caregiverId, updated_at: sql`now()` }).where("order_id", "=", orderId).execute();
}

/**
 * Sets an order's status as staff choose it (spec 001 §4: any status). completed_at and
 * cancelled_at follow the status, so reports and the timeline see when it happened. Throws the
 * exclusion violation when reviving a cancelled order whose helper has meanwhile been booked.
 */
export async function setOrderStatus(trx: Executor, orderId: string, status: OrderStatus): Promise<void> {
  await trx
    .updateTable("orders")
    .set({
      status,
      completed_at: status === "completed" ? sql`coalesce(completed_at, now())` : null,
      cancelled_at: status === "cancelled" ? sql`coalesce(cancelled_at, now())` : null,
      updated_at: sql`now()`,
    })
    .where("id", "=", orderId)
    .execute();
}

// ---------------------------------------------------------------- helpers free for an order

export interface AssignableCaregiver {
  id: string;
  fullName: string;
  averageRating: number | null;
}

/**
 * The approved helpers who serve an order's city and are free for its whole time, best rated
 * first, for each of the given orders (at most `limit` each). "Free" is the condition of the
 * exclusion constraint, with the order itself left out, so what is offered is what the database
 * will accept (it still decides when two changes race).
 */
export async function listAssignableCaregivers(
  db: Executor,
  orderIds: string[],
  limit: number,
): Promise<Map<string, AssignableCaregiver[]>> {
  const ids = orderIds.filter(isUuid);
  const result = new Map<string, AssignableCaregiver[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom("orders as o")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("caregivers as cg")
          .innerJoin("profiles as p", "p.id", "cg.profile_id")
          .select(["cg.id", "p.full_name", "cg.average_rating"])
          .where("cg.status", "=", "approved")
          .where(sql<string>`lower(cg.city)`, "=", sql<string>`lower(o.city)`)
          .where(({ not, exists }) => not(exists(overlappingOrder(eb))))
          .orderBy(sql`cg.average_rating desc nulls last`)
          .orderBy("p.full_name")
          .limit(limit)
          .as("free"),
      (join) => join.onTrue(),
    )
    .select(["o.id as order_id", "free.id", "free.full_name", "free.average_rating"])
    .where("o.id", "in", ids)
    .orderBy("o.id")
    .orderBy(sql`free.average_rating desc nulls last`)
    .orderBy("free.full_name")
    .execute();
  for (const row of rows) {
    result.get(row.order_id)!.push({ id: row.id, fullName: row.full_name, averageRating: row.average_rating });
  }
  return result;
}

/** A live order of helper `cg` overlapping order `o` (other than `o` itself): the constraint's own test. */
function overlappingOrder(eb: ExpressionBuilder<Database & { o: Database["orders"] }, "o">) {
  return eb
    .selectFrom("orders as x")
    .select(sql`1`.as("one"))
    .whereRef("x.caregiver_id", "=", sql.ref("cg.id"))
    .where("x.status", "<>", "cancelled")
    .whereRef("x.id", "<>", "o.id")
    .where(sql<boolean>`tstzrange(x.starts_at, x.ends_at, '[)') && tstzrange(o.starts_at, o.ends_at, '[)')`);
}
