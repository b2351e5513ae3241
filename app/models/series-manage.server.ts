import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { OrderStatus } from "../db/schema";
import type { SeriesStatus } from "../domain/series-lifecycle";
import { isUuid } from "../domain/uuid";
import { acceptedByItsCaregiver } from "./caregiver-tasks.server";
import { canDoVisit, orderVisitTerms } from "./matching.server";
import { findSeries, type SeriesRow } from "./order-series.server";

// What managing a series reads and writes (issue 27 item 5; docs/decisions/0038): the series with
// its customer, service and helper named, its visits, the helpers who can take every one of a set
// of visits (the one matching rule, app/models/matching.server.ts), and the series' own status and
// helper. The orders themselves change through the cancellation and assignment models.

export interface SeriesOverview extends SeriesRow {
  /** The customer's profile: only they see the series in the portal. */
  customerProfileId: string;
  customerName: string;
  customerEmail: string;
  serviceName: string;
  caregiverName: string | null;
}

/** The series with the names its page shows, or null (also for an id that is no uuid). */
export async function findSeriesOverview(executor: Executor, seriesId: string): Promise<SeriesOverview | null> {
  if (!isUuid(seriesId)) return null;
  const series = await findSeries(executor, seriesId);
  if (!series) return null;
  const names = await executor
    .selectFrom("order_series as s")
    .innerJoin("customers as c", "c.id", "s.customer_id")
    .innerJoin("profiles as cp", "cp.id", "c.profile_id")
    .innerJoin("service_categories as sc", "sc.id", "s.service_category_id")
    .leftJoin("caregivers as g", "g.id", "s.caregiver_id")
    .leftJoin("profiles as gp", "gp.id", "g.profile_id")
    .select(["cp.id as customer_profile_id", "cp.full_name as customer_name", "cp.email as customer_email", "sc.name as service_name", "gp.full_name as caregiver_name"])
    .where("s.id", "=", seriesId)
    .executeTakeFirstOrThrow();
  return {
    ...series,
    customerProfileId: names.customer_profile_id,
    customerName: names.customer_name ?? "",
    customerEmail: names.customer_email,
    serviceName: names.service_name,
    caregiverName: names.caregiver_name,
  };
}

export interface SeriesVisitRow {
  id: string;
  orderNumber: string;
  startsAt: Date;
  endsAt: Date;
  status: OrderStatus;
  caregiverId: string | null;
  caregiverName: string | null;
  accepted: boolean;
  totalPriceCents: number;
}

/** The series' visits, earliest first, each with its helper's name and whether they accepted it. */
export async function listSeriesVisits(executor: Executor, seriesId: string): Promise<SeriesVisitRow[]> {
  const rows = await executor
    .selectFrom("orders as o")
    .leftJoin("caregivers as g", "g.id", "o.caregiver_id")
    .leftJoin("profiles as gp", "gp.id", "g.profile_id")
    .select([
      "o.id",
      "o.order_number",
      "o.starts_at",
      "o.ends_at",
      "o.status",
      "o.caregiver_id",
      "gp.full_name as caregiver_name",
      acceptedByItsCaregiver().as("accepted"),
      "o.total_price_cents",
    ])
    .where("o.series_id", "=", seriesId)
    .orderBy("o.starts_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status,
    caregiverId: row.caregiver_id,
    caregiverName: row.caregiver_name,
    accepted: Boolean(row.accepted),
    totalPriceCents: row.total_price_cents,
  }));
}

/** The series row locked for the action: two "from here on" actions of one series take turns. */
export async function lockSeries(trx: Executor, seriesId: string): Promise<{ id: string; status: SeriesStatus; caregiverId: string | null } | null> {
  if (!isUuid(seriesId)) return null;
  const row = await trx.selectFrom("order_series").select(["id", "status", "caregiver_id"]).where("id", "=", seriesId).forUpdate().executeTakeFirst();
  return row ? { id: row.id, status: row.status, caregiverId: row.caregiver_id } : null;
}

/**
 * The helpers, other than `exceptCaregiverId`, who can do every one of the orders by the one
 * matching rule (approved, service, city, availability plan, free with travel time), by name.
 * One query: a helper is listed when no order of the set is one they cannot do.
 */
export async function listCaregiversForEveryVisit(
  executor: Executor,
  orderIds: readonly string[],
  exceptCaregiverId: string | null,
): Promise<Array<{ id: string; fullName: string }>> {
  if (orderIds.length === 0) return [];
  let query = executor
    .selectFrom("caregivers")
    .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
    .select(["caregivers.id", "profiles.full_name"])
    .where(
      sql<boolean>`not exists (select 1 from orders as o where o.id = any(${[...orderIds]}::uuid[]) and not ${canDoVisit("caregivers", orderVisitTerms("o"))})`,
    );
  if (exceptCaregiverId) query = query.where("caregivers.id", "<>", exceptCaregiverId);
  const rows = await query.orderBy("profiles.full_name").execute();
  return rows.map((row) => ({ id: row.id, fullName: row.full_name ?? "" }));
}

/** The series an order is an occurrence of, or null for a single visit. */
export async function findSeriesIdOfOrder(executor: Executor, orderId: string): Promise<string | null> {
  const row = await executor.selectFrom("orders").select("series_id").where("id", "=", orderId).executeTakeFirst();
  return row?.series_id ?? null;
}
