import { sql, type RawBuilder } from "kysely";
import type { Executor } from "../db.server";
import type { MatchRefusal, VisitNeed } from "../domain/matching";

export type { MatchRefusal, VisitNeed };

// Who can do a visit, in one place (DESIGN.md decisions 17 and 24; issue 26 item 4;
// docs/decisions/0021-one-matching-rule.md): approved (pending, rejected and suspended helpers
// are other statuses), offers the visit's service (caregiver_services), serves its city (home
// city or one of service_cities, case and outer spaces aside), and has no live order overlapping
// it, with the exclusion constraint `orders_no_caregiver_overlap`'s own test. Every helper step,
// 'Ei väliä', the same helper again, the back office's selector and the check of every
// assignment use these terms; app/domain/matching.ts is the same rule in plain TypeScript, the
// reference the property test holds this to. Issue 27 added two terms (docs/decisions/0035): the
// visit lies within the helper's availability plan (weekly ranges, not on a date they are away,
// plus extra hours of a date; a helper without a plan is never offered), and busy counts the
// travel time: the test of the exclusion constraint `orders_caregiver_travel_time`, each live
// order's `busy_during` (its time widened by half the travel time it was booked with) against the
// visit widened by half of today's setting (the SQL function caregiver_travel_margin()).

/** A visit as SQL: parameters for one visit, or columns of a row (an order, a candidate slot). */
export interface VisitTerms {
  serviceCategoryId: RawBuilder<string>;
  city: RawBuilder<string>;
  startsAt: RawBuilder<Date>;
  endsAt: RawBuilder<Date>;
  /** An order whose own time does not count (the order being assigned); null for none. */
  exceptOrderId: RawBuilder<string | null> | null;
}

export function visitTerms(visit: VisitNeed): VisitTerms {
  return {
    serviceCategoryId: sql<string>`${visit.serviceCategoryId}::uuid`,
    city: sql<string>`${visit.city}::text`,
    startsAt: sql<Date>`${visit.startsAt}::timestamptz`,
    endsAt: sql<Date>`${visit.endsAt}::timestamptz`,
    exceptOrderId: visit.exceptOrderId ? sql<string>`${visit.exceptOrderId}::uuid` : null,
  };
}

/** The visit of an order row under `alias` (its own time excepted). */
export function orderVisitTerms(alias: string): VisitTerms {
  return {
    serviceCategoryId: sql.ref<string>(`${alias}.service_category_id`),
    city: sql.ref<string>(`${alias}.city`),
    startsAt: sql.ref<Date>(`${alias}.starts_at`),
    endsAt: sql.ref<Date>(`${alias}.ends_at`),
    exceptOrderId: sql.ref<string>(`${alias}.id`),
  };
}

/** Each condition of the rule for the caregivers row under `helper`, in the order a refusal names them. */
export function matchTerms(helper: string, visit: VisitTerms) {
  const col = (name: string) => sql.ref(`${helper}.${name}`);
  const wanted = sql`lower(btrim(${visit.city}))`;
  return {
    // A helper whose account deletion waits out its grace period takes no new visits (decision 0034).
    working: sql<boolean>`(${col("status")} = 'approved' and not exists (select 1 from account_deletions as leaving where leaving.profile_id = ${col("profile_id")} and leaving.status = 'pending'))`,
    offersService: sql<boolean>`exists (select 1 from caregiver_services as offered where offered.caregiver_id = ${col("id")} and offered.service_category_id = ${visit.serviceCategoryId})`,
    servesCity: sql<boolean>`(lower(btrim(${col("city")})) = ${wanted} or exists (select 1 from unnest(${col("service_cities")}) as served(city) where lower(btrim(served.city)) = ${wanted}))`,
    withinPlan: withinPlanTerm(col("id"), visit),
    busy: sql<boolean>`exists (
      select 1 from orders as taken
      where taken.caregiver_id = ${col("id")} and taken.status <> 'cancelled'
        ${visit.exceptOrderId ? sql`and taken.id <> ${visit.exceptOrderId}` : sql``}
        and taken.busy_during && tstzrange(${visit.startsAt} - caregiver_travel_margin(), ${visit.endsAt} + caregiver_travel_margin(), '[)')
    )`,
  };
}

/**
 * The visit lies wholly within what the helper's plan makes available on the Helsinki dates it
 * touches: the weekday's ranges unless the date is in an 'away' exception, plus the date's extra
 * hours, joined (range_agg joins touching ranges, so 20–24 and 0–2 of the next day hold 23–01).
 * app/domain/availability.ts `withinPlan` is the same rule in TypeScript.
 */
function withinPlanTerm(caregiverId: RawBuilder<unknown>, visit: VisitTerms): RawBuilder<boolean> {
  const localDate = (at: RawBuilder<Date>) => sql`(${at} at time zone 'Europe/Helsinki')::date`;
  const wall = (day: RawBuilder<unknown>, minute: RawBuilder<unknown>) => sql`((${day} + make_interval(mins => ${minute})) at time zone 'Europe/Helsinki')`;
  return sql<boolean>`coalesce(tstzrange(${visit.startsAt}, ${visit.endsAt}, '[)') <@ (
    select range_agg(available.span) from (
      select tstzrange(${wall(sql`plan_day.day`, sql`weekly.start_minute`)}, ${wall(sql`plan_day.day`, sql`weekly.end_minute`)}, '[)') as span
      from generate_series(${localDate(visit.startsAt)}::timestamp, ${localDate(sql<Date>`(${visit.endsAt} - interval '1 microsecond')`)}::timestamp, interval '1 day') as plan_day(day)
      join caregiver_weekly_hours as weekly on weekly.caregiver_id = ${caregiverId} and weekly.weekday = extract(isodow from plan_day.day)
      where not exists (
        select 1 from caregiver_availability_exceptions as away
        where away.caregiver_id = ${caregiverId} and away.kind = 'away' and plan_day.day::date between away.starts_on and away.ends_on
      )
      union all
      select tstzrange(${wall(sql`extra.starts_on::timestamp`, sql`extra.start_minute`)}, ${wall(sql`extra.starts_on::timestamp`, sql`extra.end_minute`)}, '[)')
      from caregiver_availability_exceptions as extra
      where extra.caregiver_id = ${caregiverId} and extra.kind = 'extra'
        and extra.starts_on between ${localDate(visit.startsAt)} and ${localDate(sql<Date>`(${visit.endsAt} - interval '1 microsecond')`)}
    ) as available
  ), false)`;
}

/** The whole rule: the helper under `helper` can do the visit. */
export function canDoVisit(helper: string, visit: VisitTerms): RawBuilder<boolean> {
  const terms = matchTerms(helper, visit);
  return sql<boolean>`(${terms.working} and ${terms.offersService} and ${terms.servesCity} and ${terms.withinPlan} and not ${terms.busy})`;
}

/** The ids of every helper who can do the visit (unordered). */
export async function listMatchingCaregiverIds(executor: Executor, visit: VisitNeed): Promise<string[]> {
  const rows = await executor.selectFrom("caregivers").select("caregivers.id").where(canDoVisit("caregivers", visitTerms(visit))).execute();
  return rows.map((row) => row.id);
}

/** Whether anybody at all can do the visit: 'Ei väliä' is offered and placed only then. */
export async function anyoneCanDoVisit(executor: Executor, visit: VisitNeed): Promise<boolean> {
  const row = await executor
    .selectNoFrom((eb) => eb.exists(eb.selectFrom("caregivers").select(sql`1`.as("one")).where(canDoVisit("caregivers", visitTerms(visit)))).as("any"))
    .executeTakeFirstOrThrow();
  return Boolean(row.any);
}

/** The first reason the named helper cannot do the visit, null when they can, or 'unknown'. */
export async function caregiverMatchRefusal(
  executor: Executor,
  caregiverId: string,
  visit: VisitNeed,
): Promise<MatchRefusal | "unknown" | null> {
  const terms = matchTerms("caregivers", visitTerms(visit));
  const row = await executor
    .selectFrom("caregivers")
    .select([
      terms.working.as("working"),
      terms.offersService.as("offers_service"),
      terms.servesCity.as("serves_city"),
      terms.withinPlan.as("within_plan"),
      terms.busy.as("busy"),
    ])
    .where("caregivers.id", "=", caregiverId)
    .executeTakeFirst();
  if (!row) return "unknown";
  if (!row.working) return "not_working";
  if (!row.offers_service) return "no_service";
  if (!row.serves_city) return "outside_area";
  if (!row.within_plan) return "off_hours";
  if (row.busy) return "busy";
  return null;
}

/** Candidate times as a table `slot(starts_at, ends_at, ord)`, `ord` their place in the list (from 1). */
export function candidateSlots(candidates: ReadonlyArray<{ startsAt: Date; endsAt: Date }>): RawBuilder<unknown> {
  const starts = candidates.map((slot) => slot.startsAt.toISOString());
  const ends = candidates.map((slot) => slot.endsAt.toISOString());
  return sql`unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) with ordinality as slot(starts_at, ends_at, ord)`;
}

/** The visit at the candidate slot under `alias` (a row of candidateSlots), for one service and city. */
export function slotVisitTerms(alias: string, need: { serviceCategoryId: string; city: string; exceptOrderId?: string | null }): VisitTerms {
  return {
    serviceCategoryId: sql<string>`${need.serviceCategoryId}::uuid`,
    city: sql<string>`${need.city}::text`,
    startsAt: sql.ref<Date>(`${alias}.starts_at`),
    endsAt: sql.ref<Date>(`${alias}.ends_at`),
    exceptOrderId: need.exceptOrderId ? sql<string>`${need.exceptOrderId}::uuid` : null,
  };
}

/**
 * Of the candidate times, those at which somebody can do the visit (same service and city),
 * in one query: the nearest free times shown when nobody can come at the time asked, and the
 * time step's hours (issue 27 item 3). With `caregiverId`, only that helper counts (the same
 * helper again).
 */
export async function servableTimes(
  executor: Executor,
  need: { serviceCategoryId: string; city: string; exceptOrderId?: string | null; caregiverId?: string | null },
  candidates: ReadonlyArray<{ startsAt: Date; endsAt: Date }>,
): Promise<Array<{ startsAt: Date; endsAt: Date }>> {
  if (candidates.length === 0) return [];
  const result = await sql<{ starts_at: Date; ends_at: Date }>`
    select slot.starts_at, slot.ends_at
    from ${candidateSlots(candidates)}
    where exists (
      select 1 from caregivers
      where ${need.caregiverId ? sql`caregivers.id = ${need.caregiverId}::uuid and ` : sql``}${canDoVisit("caregivers", slotVisitTerms("slot", need))}
    )
    order by slot.starts_at`.execute(executor);
  return result.rows.map((row) => ({ startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) }));
}
