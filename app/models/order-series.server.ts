import { sql, type Selectable, type Updateable } from "kysely";
import type { Executor } from "../db.server";
import type { OrderSeriesTable } from "../db/schema";
import type { SeriesEnd } from "../domain/recurrence";
import { seriesStatusAfter, seriesStatusesFor, type SeriesEvent, type SeriesStatus } from "../domain/series-lifecycle";

// The order_series rows (migration 0028, docs/decisions/0037): what repeats and how it ends. The
// occurrences are ordinary orders with `series_id` set.

export interface NewSeries {
  customerId: string;
  createdBy: string | null;
  caregiverId: string | null;
  serviceCategoryId: string;
  intervalWeeks: 1 | 2;
  startHour: number;
  durationHours: number;
  firstDate: string;
  end: SeriesEnd;
  paymentMethod: "online" | "invoice";
  generatedUntil: string;
  /** The preview form's key: one series per key. */
  submissionKey?: string | null;
}

export async function insertSeries(trx: Executor, series: NewSeries): Promise<string> {
  const row = await trx
    .insertInto("order_series")
    .values({
      customer_id: series.customerId,
      created_by: series.createdBy,
      caregiver_id: series.caregiverId,
      service_category_id: series.serviceCategoryId,
      interval_weeks: series.intervalWeeks,
      start_hour: series.startHour,
      duration_hours: series.durationHours,
      first_date: series.firstDate,
      end_kind: series.end.kind,
      end_count: series.end.kind === "count" ? series.end.count : null,
      end_date: series.end.kind === "date" ? series.end.date : null,
      payment_method: series.paymentMethod,
      generated_until: series.generatedUntil,
      submission_key: series.submissionKey ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SeriesRow {
  id: string;
  customerId: string;
  caregiverId: string | null;
  serviceCategoryId: string;
  intervalWeeks: 1 | 2;
  startHour: number;
  durationHours: number;
  firstDate: string;
  end: SeriesEnd;
  paymentMethod: "online" | "invoice";
  status: SeriesStatus;
  generatedUntil: string;
  paymentCustomerRef: string | null;
  paymentMethodRef: string | null;
}

const SERIES_COLUMNS = [
  "id",
  "customer_id",
  "caregiver_id",
  "service_category_id",
  "interval_weeks",
  "start_hour",
  "duration_hours",
  "first_date",
  "end_kind",
  "end_count",
  "end_date",
  "payment_method",
  "status",
  "generated_until",
  "payment_customer_ref",
  "payment_method_ref",
] as const;

type SeriesSelect = Pick<Selectable<OrderSeriesTable>, (typeof SERIES_COLUMNS)[number]>;

function toSeries(row: SeriesSelect): SeriesRow {
  const end: SeriesEnd =
    row.end_kind === "count"
      ? { kind: "count", count: row.end_count ?? 0 }
      : row.end_kind === "date"
        ? { kind: "date", date: row.end_date ?? row.first_date }
        : { kind: "open" };
  return {
    id: row.id,
    customerId: row.customer_id,
    caregiverId: row.caregiver_id,
    serviceCategoryId: row.service_category_id,
    intervalWeeks: row.interval_weeks,
    startHour: row.start_hour,
    durationHours: row.duration_hours,
    firstDate: row.first_date,
    end,
    paymentMethod: row.payment_method,
    status: row.status,
    generatedUntil: row.generated_until,
    paymentCustomerRef: row.payment_customer_ref,
    paymentMethodRef: row.payment_method_ref,
  };
}

export async function findSeries(executor: Executor, seriesId: string): Promise<SeriesRow | null> {
  const row = await executor.selectFrom("order_series").select(SERIES_COLUMNS).where("id", "=", seriesId).executeTakeFirst();
  return row ? toSeries(row) : null;
}

/** The series' occurrences, earliest first: id, number, time, status and helper. */
export async function listSeriesOrders(executor: Executor, seriesId: string) {
  return executor
    .selectFrom("orders")
    .select(["id", "order_number", "starts_at", "ends_at", "scheduled_date", "status", "caregiver_id", "payment_method", "total_price_cents"])
    .where("series_id", "=", seriesId)
    .orderBy("starts_at")
    .execute();
}

/**
 * What a new series repeats: its service, helper, hour, length, place, person and notes. Made of an
 * order ("Toista viikoittain", OrderSeriesTemplate) or of the signed-in wizard's draft
 * (app/booking/series-step.server.ts).
 */
export interface SeriesTemplate {
  customerId: string;
  customerProfileId: string;
  serviceCategoryId: string;
  serviceName: string;
  caregiverId: string | null;
  caregiverName: string | null;
  startsAt: Date;
  durationHours: number;
  place: { address: string; postalCode: string; city: string };
  bookingFor: "self" | "other";
  recipient: { firstName: string; lastName: string; phone: string } | null;
  contactPhone: string | null;
  recipientEmail: string | null;
  smsPhone: string | null;
  description: string | null;
  specialNotes: string | null;
  paymentMethod: "online" | "invoice";
}

/** The person the visit is for, from an order row's columns (null when booked for oneself). */
export function recipientOf(row: {
  booking_for: "self" | "other";
  recipient_first_name: string | null;
  recipient_last_name: string | null;
  recipient_phone: string | null;
}): SeriesTemplate["recipient"] {
  return row.booking_for === "other" && row.recipient_first_name && row.recipient_last_name
    ? { firstName: row.recipient_first_name, lastName: row.recipient_last_name, phone: row.recipient_phone ?? "" }
    : null;
}

/** A series template made of an existing order. */
export interface OrderSeriesTemplate extends SeriesTemplate {
  sourceOrderId: string;
  sourceOrderNumber: string;
}

/**
 * The signed-in customer's own order as a series template ("Toista viikoittain"), or null when
 * the order is not theirs (or not claimed): the same scope as the order page.
 */
export async function findSeriesTemplate(executor: Executor, profileId: string, orderNumber: string): Promise<OrderSeriesTemplate | null> {
  const row = await executor
    .selectFrom("orders as o")
    .innerJoin("customers as c", "c.id", "o.customer_id")
    .innerJoin("service_categories as s", "s.id", "o.service_category_id")
    .leftJoin("caregivers as cg", "cg.id", "o.caregiver_id")
    .leftJoin("profiles as gp", "gp.id", "cg.profile_id")
    .select([
      "o.id",
      "o.order_number",
      "o.customer_id",
      "c.profile_id",
      "o.service_category_id",
      "s.name as service_name",
      "o.caregiver_id",
      "gp.full_name as caregiver_name",
      "o.starts_at",
      "o.duration_hours",
      "o.address",
      "o.postal_code",
      "o.city",
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "o.recipient_phone",
      "o.contact_phone",
      "o.recipient_email",
      "o.sms_phone",
      "o.description",
      "o.special_notes",
      "o.payment_method",
    ])
    .where("o.order_number", "=", orderNumber)
    .where("c.profile_id", "=", profileId)
    .where("o.claimed", "=", true)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sourceOrderId: row.id,
    sourceOrderNumber: row.order_number,
    customerId: row.customer_id,
    customerProfileId: row.profile_id,
    serviceCategoryId: row.service_category_id,
    serviceName: row.service_name,
    caregiverId: row.caregiver_id,
    caregiverName: row.caregiver_name,
    startsAt: new Date(row.starts_at),
    durationHours: row.duration_hours,
    place: { address: row.address, postalCode: row.postal_code, city: row.city },
    bookingFor: row.booking_for,
    recipient: recipientOf(row),
    contactPhone: row.contact_phone,
    recipientEmail: row.recipient_email,
    smsPhone: row.sms_phone,
    description: row.description,
    specialNotes: row.special_notes,
    paymentMethod: row.payment_method,
  };
}

/** What the series' e-mails name: the customer, the service, the rule and every visit. */
export async function findSeriesMailing(executor: Executor, seriesId: string) {
  const head = await executor
    .selectFrom("order_series as os")
    .innerJoin("customers as c", "c.id", "os.customer_id")
    .innerJoin("profiles as p", "p.id", "c.profile_id")
    .innerJoin("service_categories as s", "s.id", "os.service_category_id")
    .select(["p.full_name", "p.email", "s.name as service_name", "os.interval_weeks", "os.end_kind", "os.payment_method"])
    .where("os.id", "=", seriesId)
    .executeTakeFirst();
  if (!head) return null;
  const visits = await executor
    .selectFrom("orders as o")
    .leftJoin("caregivers as cg", "cg.id", "o.caregiver_id")
    .leftJoin("profiles as gp", "gp.id", "cg.profile_id")
    .select(["o.id", "o.order_number", "o.starts_at", "o.ends_at", "o.status", "o.caregiver_id", "gp.full_name as caregiver_name", "o.total_price_cents", "o.city"])
    .where("o.series_id", "=", seriesId)
    .orderBy("o.starts_at")
    .execute();
  return {
    customerName: head.full_name,
    customerEmail: head.email,
    serviceName: head.service_name,
    intervalWeeks: head.interval_weeks,
    open: head.end_kind === "open",
    paymentMethod: head.payment_method,
    city: visits[0]?.city ?? "",
    visits: visits.map((visit) => ({
      id: visit.id,
      orderNumber: visit.order_number,
      startsAt: new Date(visit.starts_at),
      endsAt: new Date(visit.ends_at),
      status: visit.status,
      caregiverId: visit.caregiver_id,
      caregiverName: visit.caregiver_name,
      totalCents: visit.total_price_cents,
    })),
  };
}

/** Active open-ended series whose occurrences stop before `horizon`: the daily job's work. */
export async function listSeriesToExtend(executor: Executor, horizon: string): Promise<string[]> {
  const rows = await executor
    .selectFrom("order_series")
    .select("id")
    .where("end_kind", "=", "open")
    .where("status", "in", seriesStatusesFor("extend"))
    .where("generated_until", "<", horizon)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The series, locked for its extension, while it still stops before `horizon`; null when another
 * worker holds it or has extended it already (so two workers add each date once).
 */
export async function lockSeriesForExtension(trx: Executor, seriesId: string, horizon: string): Promise<SeriesRow | null> {
  const row = await trx
    .selectFrom("order_series")
    .select(SERIES_COLUMNS)
    .where("id", "=", seriesId)
    .where("end_kind", "=", "open")
    .where("status", "in", seriesStatusesFor("extend"))
    .where("generated_until", "<", horizon)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row ? toSeries(row) : null;
}

export async function setSeriesGeneratedUntil(trx: Executor, seriesId: string, date: string): Promise<void> {
  await trx.updateTable("order_series").set({ generated_until: date, updated_at: new Date() }).where("id", "=", seriesId).execute();
}

/** The visit details a new occurrence copies: those of the series' latest order. */
export async function findLatestSeriesOrder(executor: Executor, seriesId: string) {
  return executor
    .selectFrom("orders")
    .select([
      "id",
      "customer_id",
      "booking_for",
      "recipient_first_name",
      "recipient_last_name",
      "recipient_phone",
      "contact_phone",
      "recipient_email",
      "sms_phone",
      "address",
      "postal_code",
      "city",
      "description",
      "special_notes",
      "created_by",
      (eb) =>
        eb
          .selectFrom("payments")
          .select("payments.provider")
          .whereRef("payments.order_id", "=", "orders.id")
          .orderBy("payments.created_at", "desc")
          .limit(1)
          .as("payment_provider"),
    ])
    .where("series_id", "=", seriesId)
    .orderBy("starts_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Writes the event's status (app/domain/series-lifecycle.ts) on one series, or on every series of
 * a customer, where the table allows the event from the series' status now; `also` are columns the
 * same event clears. The number of series changed.
 */
export async function applySeriesEvent(
  executor: Executor,
  target: { seriesId: string } | { customerId: string },
  event: SeriesEvent,
  also: Omit<Updateable<OrderSeriesTable>, "status"> = {},
): Promise<number> {
  const to = seriesStatusAfter(event);
  const result = await executor
    .updateTable("order_series")
    .set({ ...also, ...(to ? { status: to } : {}), updated_at: sql`now()` })
    .where("status", "in", seriesStatusesFor(event))
    .where((eb) => ("seriesId" in target ? eb("id", "=", target.seriesId) : eb("customer_id", "=", target.customerId)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The unique index that keeps one series per preview form. */
export const SERIES_SUBMISSION_KEY_INDEX = "order_series_submission_key_idx";

/**
 * The series this person's preview form with `key` booked, with its first visit, or null. Scoped
 * to the person, so a key says nothing about anybody else's series.
 */
export async function findSeriesBySubmissionKey(
  executor: Executor,
  profileId: string,
  key: string,
): Promise<{ seriesId: string; paymentMethod: "online" | "invoice"; visits: number; firstOrderId: string; firstOrderNumber: string; firstStatus: string } | null> {
  const row = await executor
    .selectFrom("order_series as s")
    .innerJoin("customers as c", "c.id", "s.customer_id")
    .innerJoin("orders as o", "o.series_id", "s.id")
    .select(["s.id", "s.payment_method", "o.id as order_id", "o.order_number", "o.status"])
    .select(sql<number>`(count(*) over ())::int`.as("visits"))
    .where("c.profile_id", "=", profileId)
    .where("s.submission_key", "=", key)
    .orderBy("o.starts_at")
    .limit(1)
    .executeTakeFirst();
  return row
    ? { seriesId: row.id, paymentMethod: row.payment_method, visits: row.visits, firstOrderId: row.order_id, firstOrderNumber: row.order_number, firstStatus: row.status }
    : null;
}
