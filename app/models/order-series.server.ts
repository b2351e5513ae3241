import type { Executor } from "../db.server";
import type { SeriesEnd } from "../domain/recurrence";

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
  status: "active" | "ended" | "cancelled";
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

type SeriesSelect = {
  id: string;
  customer_id: string;
  caregiver_id: string | null;
  service_category_id: string;
  interval_weeks: 1 | 2;
  start_hour: number;
  duration_hours: number;
  first_date: string;
  end_kind: "count" | "date" | "open";
  end_count: number | null;
  end_date: string | null;
  payment_method: "online" | "invoice";
  status: "active" | "ended" | "cancelled";
  generated_until: string;
  payment_customer_ref: string | null;
  payment_method_ref: string | null;
};

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
