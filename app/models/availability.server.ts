import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { AvailabilityPlan, WeeklyRange } from "../domain/availability";
import type { IsoDate } from "../domain/booking-window";

// A helper's availability plan (issue 27 item 1; docs/decisions/0035): the weekly ranges and the
// exceptions, as the portal's /portal/saatavuus and the back office's helper page read and write
// them. Who can do a visit reads the same tables in app/models/matching.server.ts.

export interface StoredException {
  id: string;
  kind: "away" | "extra";
  startsOn: IsoDate;
  endsOn: IsoDate;
  startMinute: number | null;
  endMinute: number | null;
}

export interface StoredPlan {
  weekly: WeeklyRange[];
  /** Exceptions that have not ended before `from`, earliest first. */
  exceptions: StoredException[];
}

export async function getAvailabilityPlan(executor: Executor, caregiverId: string, from: IsoDate): Promise<StoredPlan> {
  const [weekly, exceptions] = await Promise.all([
    executor
      .selectFrom("caregiver_weekly_hours")
      .select(["weekday", "start_minute", "end_minute"])
      .where("caregiver_id", "=", caregiverId)
      .orderBy("weekday")
      .orderBy("start_minute")
      .execute(),
    executor
      .selectFrom("caregiver_availability_exceptions")
      .select(["id", "kind", sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as("starts_on"), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as("ends_on"), "start_minute", "end_minute"])
      .where("caregiver_id", "=", caregiverId)
      .where("ends_on", ">=", from)
      .orderBy("starts_on")
      .orderBy("start_minute")
      .execute(),
  ]);
  return {
    weekly: weekly.map((row) => ({ weekday: row.weekday, startMinute: row.start_minute, endMinute: row.end_minute })),
    exceptions: exceptions.map((row) => ({
      id: row.id,
      kind: row.kind,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      startMinute: row.start_minute,
      endMinute: row.end_minute,
    })),
  };
}

/** The stored plan as the availability rule reads it. */
export function planOf(stored: StoredPlan): AvailabilityPlan {
  return {
    weekly: stored.weekly,
    exceptions: stored.exceptions.map((e) =>
      e.kind === "away"
        ? { kind: "away" as const, startsOn: e.startsOn, endsOn: e.endsOn }
        : { kind: "extra" as const, date: e.startsOn, startMinute: e.startMinute ?? 0, endMinute: e.endMinute ?? 0 },
    ),
  };
}

/** Whether the helper has any weekly hours: without them they are not offered (the portal home says so). */
export async function hasWeeklyPlan(executor: Executor, caregiverId: string): Promise<boolean> {
  const row = await executor.selectFrom("caregiver_weekly_hours").select("id").where("caregiver_id", "=", caregiverId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Replaces the weekly plan; true when it changed. */
export async function replaceWeeklyPlan(executor: Executor, caregiverId: string, ranges: readonly WeeklyRange[]): Promise<boolean> {
  const before = await executor
    .selectFrom("caregiver_weekly_hours")
    .select(["weekday", "start_minute", "end_minute"])
    .where("caregiver_id", "=", caregiverId)
    .orderBy("weekday")
    .orderBy("start_minute")
    .execute();
  const key = (rows: ReadonlyArray<{ weekday: number; start: number; end: number }>) =>
    rows
      .map((r) => `${r.weekday}:${r.start}-${r.end}`)
      .sort()
      .join(",");
  if (key(before.map((r) => ({ weekday: r.weekday, start: r.start_minute, end: r.end_minute }))) === key(ranges.map((r) => ({ weekday: r.weekday, start: r.startMinute, end: r.endMinute })))) {
    return false;
  }
  await executor.deleteFrom("caregiver_weekly_hours").where("caregiver_id", "=", caregiverId).execute();
  if (ranges.length > 0) {
    await executor
      .insertInto("caregiver_weekly_hours")
      .values(ranges.map((r) => ({ caregiver_id: caregiverId, weekday: r.weekday, start_minute: r.startMinute, end_minute: r.endMinute })))
      .execute();
  }
  return true;
}

export async function insertAwayException(executor: Executor, caregiverId: string, startsOn: IsoDate, endsOn: IsoDate): Promise<void> {
  await executor.insertInto("caregiver_availability_exceptions").values({ caregiver_id: caregiverId, kind: "away", starts_on: startsOn, ends_on: endsOn }).execute();
}

export async function insertExtraHours(executor: Executor, caregiverId: string, date: IsoDate, startMinute: number, endMinute: number): Promise<void> {
  await executor
    .insertInto("caregiver_availability_exceptions")
    .values({ caregiver_id: caregiverId, kind: "extra", starts_on: date, ends_on: date, start_minute: startMinute, end_minute: endMinute })
    .execute();
}

/** Deletes one of the helper's own exceptions; false when there was none by that id. */
export async function deleteException(executor: Executor, caregiverId: string, exceptionId: string): Promise<boolean> {
  const result = await executor
    .deleteFrom("caregiver_availability_exceptions")
    .where("id", "=", exceptionId)
    .where("caregiver_id", "=", caregiverId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
