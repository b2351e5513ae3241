import { sql, type ExpressionBuilder } from "kysely";
import type { Database, Executor } from "../db.server";
import type { OrderStatus } from "../db/schema";
import { firstRows } from "../domain/list-query";
import { taskDetailsVisible } from "../domain/task-privacy";
import { isUuid } from "../domain/uuid";
import { ordersWithParties, orderSummaryColumns, toOrderSummary, type OrderSummary } from "./order-views.server";

// A helper's own orders, their "tasks" (spec 001 §2 caregiver-bookings, §4 "Caregiver actions";
// issue 10): the list, and the rows the one-tap actions change. Every query is scoped by the
// helper's own caregiver id: an order of another helper is "not found".

/**
 * An order the customer has committed to: not waiting for its online payment and not waiting
 * for a guest to confirm their e-mail address. Only such an order is shown to its helper or
 * announced to them (the assignment e-mail goes when the order gets here).
 */
export function isCommittedOrder(eb: ExpressionBuilder<Database & { o: Database["orders"] }, "o">) {
  return eb.and([eb("o.status", "!=", "pending_payment"), eb("o.email_confirmation_token_hash", "is", null)]);
}

/** The order's current helper has accepted it (not a helper before them). */
export function acceptedByItsCaregiver() {
  return sql<boolean>`(o.accepted_caregiver_id is not null and o.accepted_caregiver_id = o.caregiver_id)`;
}

export async function isOrderCommitted(db: Executor, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("orders as o")
    .select("o.id")
    .where("o.id", "=", orderId)
    .where((eb) => isCommittedOrder(eb))
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- the list

export interface CaregiverTaskView extends OrderSummary {
  /** Whom the helper meets: the recipient when the visit is for someone else, else the customer. */
  visitName: string;
  /** The person met is the recipient of a visit booked for someone else. */
  visitIsRecipient: boolean;
  /** The phone of the person met (DESIGN.md decision 14), null when none was given or hidden. */
  visitPhone: string | null;
  accepted: boolean;
  durationHours: number;
  /**
   * The personal details are null once the helper no longer needs them (domain/task-privacy.ts):
   * they never leave the server then.
   */
  detailsHidden: boolean;
  address: string | null;
  postalCode: string | null;
  description: string | null;
  specialNotes: string | null;
  earningsCents: number;
  /** The visit is one of a series (issue 27): every how many weeks it repeats, else null. */
  seriesIntervalWeeks: 1 | 2 | null;
}

const OPEN_STATUSES = ["pending", "in_progress"] as const satisfies readonly OrderStatus[];
const CLOSED_STATUSES = ["completed", "cancelled"] as const satisfies readonly OrderStatus[];

/**
 * The helper's open tasks (waiting for them or under way) soonest first, or the closed ones
 * (done or cancelled) latest first, a page at a time; `startsFrom` and `startsBefore` keep those
 * starting in a week.
 */
export async function listCaregiverTasks(
  db: Executor,
  caregiverId: string,
  options: { when: "open" | "closed"; limit: number; offset?: number; now: Date; startsFrom?: Date; startsBefore?: Date },
): Promise<{ rows: CaregiverTaskView[]; hasMore: boolean }> {
  const open = options.when === "open";
  let query = ordersWithParties(db)
    .leftJoin("order_series as os", "os.id", "o.series_id")
    .where("o.caregiver_id", "=", caregiverId)
    .where("o.status", "in", open ? OPEN_STATUSES : CLOSED_STATUSES)
    .where((eb) => isCommittedOrder(eb));
  if (options.startsFrom) query = query.where("o.starts_at", ">=", options.startsFrom);
  if (options.startsBefore) query = query.where("o.starts_at", "<", options.startsBefore);
  const rows = await query
    .select([
      ...orderSummaryColumns,
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "o.recipient_phone",
      // A guest order on an account's e-mail keeps the guest's own name and phone (decision 15);
      // every order keeps the phone it was booked with (issue 26 item 2).
      sql<string>`coalesce(o.payer_name, cp.full_name)`.as("customer_name"),
      sql<string | null>`coalesce(o.contact_phone, o.payer_phone, cp.phone)`.as("customer_phone"),
      acceptedByItsCaregiver().as("accepted"),
      "o.duration_hours",
      "o.address",
      "o.postal_code",
      "o.description",
      "o.special_notes",
      "o.caregiver_earnings_cents",
      "os.interval_weeks as series_interval_weeks",
    ])
    .orderBy("o.starts_at", open ? "asc" : "desc")
    .orderBy("o.id")
    .limit(options.limit + 1)
    .offset(options.offset ?? 0)
    .execute();
  return firstRows(rows, options.limit, (row) => {
    const forOther = row.booking_for === "other";
    const recipient = [row.recipient_first_name, row.recipient_last_name].filter(Boolean).join(" ");
    const summary = toOrderSummary(row);
    const visible = taskDetailsVisible(summary, options.now);
    return {
      ...summary,
      visitName: (forOther && recipient) || row.customer_name || "",
      visitIsRecipient: forOther,
      visitPhone: visible ? (forOther ? row.recipient_phone : row.customer_phone) : null,
      accepted: row.accepted,
      durationHours: row.duration_hours,
      detailsHidden: !visible,
      address: visible ? row.address : null,
      postalCode: visible ? row.postal_code : null,
      description: visible ? row.description : null,
      specialNotes: visible ? row.special_notes : null,
      earningsCents: row.caregiver_earnings_cents,
      seriesIntervalWeeks: row.series_interval_weeks,
    };
  });
}

// ---------------------------------------------------------------- one task, locked for an action

export interface CaregiverTask {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  accepted: boolean;
  caregiverId: string;
  earningsCents: number;
  customerProfileId: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The helper's own committed order, locked for the rest of the transaction, so that two taps (or
 * a resubmitted form) are serialised and the second sees what the first did.
 */
export function lockCaregiverTask(trx: Executor, orderId: string, caregiverId: string): Promise<CaregiverTask | null> {
  return readCaregiverTask(trx, orderId, caregiverId, true);
}

/** The same task read without a lock (a confirm page asks about it; the action locks it again). */
export function findCaregiverTask(db: Executor, orderId: string, caregiverId: string): Promise<CaregiverTask | null> {
  return readCaregiverTask(db, orderId, caregiverId, false);
}

async function readCaregiverTask(trx: Executor, orderId: string, caregiverId: string, lock: boolean): Promise<CaregiverTask | null> {
  if (!isUuid(orderId)) return null;
  const query = trx
    .selectFrom("orders as o")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .select(["o.id", "o.order_number", "o.status", acceptedByItsCaregiver().as("accepted"), "o.caregiver_id", "o.caregiver_earnings_cents", "c.profile_id", "o.starts_at", "o.ends_at"])
    .where("o.id", "=", orderId)
    .where("o.caregiver_id", "=", caregiverId)
    .where((eb) => isCommittedOrder(eb));
  const row = await (lock ? query.forUpdate("o") : query).executeTakeFirst();
  if (!row || !row.caregiver_id) return null;
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    accepted: row.accepted,
    caregiverId: row.caregiver_id,
    earningsCents: row.caregiver_earnings_cents,
    customerProfileId: row.profile_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}

export async function markCaregiverAccepted(trx: Executor, orderId: string, caregiverId: string): Promise<void> {
  await trx
    .updateTable("orders")
    .set({ accepted_caregiver_id: caregiverId, caregiver_accepted_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", orderId)
    .execute();
}

/**
 * Whether this user, as a helper, rejected the order (its audit line). A rejected order is no
 * longer theirs, so a second tap of 'Hylkää' finds no task; this tells it the work is done.
 */
export async function wasRejectedBy(db: Executor, orderId: string, userId: string): Promise<{ orderNumber: string } | null> {
  if (!isUuid(orderId)) return null;
  const row = await db
    .selectFrom("orders as o")
    .select("o.order_number")
    .where("o.id", "=", orderId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("audit_log as a")
          .select(sql`1`.as("one"))
          .where("a.entity_type", "=", "order")
          .where("a.entity_id", "=", orderId)
          .where("a.action", "=", "order.caregiver_reject")
          .where("a.actor_id", "=", userId),
      ),
    )
    .executeTakeFirst();
  return row ? { orderNumber: row.order_number } : null;
}

/** The pending payout of a completed order's earnings (DESIGN.md decision 18); one per order. */
export async function insertPendingPayout(trx: Executor, payout: { orderId: string; caregiverId: string; amountCents: number }): Promise<void> {
  await trx
    .insertInto("payouts")
    .values({ order_id: payout.orderId, caregiver_id: payout.caregiverId, amount_cents: payout.amountCents })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .execute();
}

/**
 * The same payout for an order staff marked completed from the back office: its helper's
 * earnings, once. Returns the amount, or null when the order has no helper or already has one.
 */
export async function insertPendingPayoutOfOrder(trx: Executor, orderId: string): Promise<number | null> {
  const row = await trx
    .insertInto("payouts")
    .columns(["order_id", "caregiver_id", "amount_cents"])
    .expression((eb) =>
      eb
        .selectFrom("orders")
        .select(["orders.id", "orders.caregiver_id", "orders.caregiver_earnings_cents"])
        .where("orders.id", "=", orderId)
        .where("orders.caregiver_id", "is not", null),
    )
    .onConflict((oc) => oc.column("order_id").doNothing())
    .returning("amount_cents")
    .executeTakeFirst();
  return row?.amount_cents ?? null;
}

/** Started visits that ended before `endedBefore`, with a helper: the auto-complete job's candidates. */
export async function listVisitsDueForAutoComplete(db: Executor, endedBefore: Date, limit = 200) {
  const rows = await db
    .selectFrom("orders")
    .select(["id", "order_number", "caregiver_id"])
    .where("status", "=", "in_progress")
    .where("caregiver_id", "is not", null)
    .where("ends_at", "<=", endedBefore)
    .orderBy("ends_at")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, orderNumber: row.order_number, caregiverId: row.caregiver_id! }));
}
