// A series' own life as one table (issue 27; docs/decisions/0043), like a visit's in
// visit-lifecycle.ts: which event may move a series from which status to which. The services that
// cancel a series (the customer's or staff's "Peru tämä ja kaikki tulevat", the first visit's
// failed checkout, the owner's erasure) and the jobs that act on a series (making an open series'
// next dates) read this table, and the models write a status only where the table allows it. Pure,
// no I/O.
//
// Stored statuses are 'active' and 'cancelled'. 'ended' is not written by anybody: a series with a
// last date ends when its last visit is over, which the clock says (`seriesStatusAt`), and a job
// copying the clock into a column could only lag it.

export type SeriesStatus = "active" | "ended" | "cancelled";

export type SeriesEvent =
  /** "Peru tämä ja kaikki tulevat" by the customer or staff: no new visits are made after it. */
  | "cancel_rest"
  /** The first visit's checkout expired or failed: the visits waiting for it go, and the series. */
  | "first_payment_failed"
  /** The customer's personal data were erased: a series makes no visits for nobody. */
  | "owner_erased"
  /** The hourly job books an open-ended series' next dates. */
  | "extend"
  /** "Vaihda kaveria tästä eteenpäin": the series' helper for the visits still ahead. */
  | "change_caregiver";

export interface SeriesTransition {
  event: SeriesEvent;
  from: readonly SeriesStatus[];
  /** The status after the event; null when the event leaves it as it is. */
  to: SeriesStatus | null;
}

/**
 * Every allowed event. A series cancelled from its fourth visit still has visits one to three:
 * they can be cancelled or given another helper "from here on" as well, so those two events are
 * allowed on a cancelled series (the status stays cancelled). Nothing makes a cancelled series
 * active again, and only an active one gets new dates.
 */
export const SERIES_TRANSITIONS: readonly SeriesTransition[] = [
  { event: "cancel_rest", from: ["active", "cancelled"], to: "cancelled" },
  { event: "change_caregiver", from: ["active", "cancelled"], to: null },
  { event: "first_payment_failed", from: ["active"], to: "cancelled" },
  { event: "owner_erased", from: ["active", "ended"], to: "cancelled" },
  { event: "extend", from: ["active"], to: null },
];

function transitionOf(event: SeriesEvent): SeriesTransition {
  const transition = SERIES_TRANSITIONS.find((row) => row.event === event);
  if (!transition) throw new Error(`no series transition for ${event}`);
  return transition;
}

/** The statuses the event is allowed from: the models' WHERE clause. */
export function seriesStatusesFor(event: SeriesEvent): readonly SeriesStatus[] {
  return transitionOf(event).from;
}

/** The status the event writes, null when it writes none. */
export function seriesStatusAfter(event: SeriesEvent): SeriesStatus | null {
  return transitionOf(event).to;
}

/** Whether the event is allowed on a series in `status`. */
export function canSeries(event: SeriesEvent, status: SeriesStatus): boolean {
  return transitionOf(event).from.includes(status);
}

/**
 * The status as people see it at `now`: an active series with a last date whose visits are all
 * over has ended. An open-ended series never ends by itself; `lastVisitEndsAt` is null when the
 * series has no visit left that is not cancelled.
 */
export function seriesStatusAt(
  series: { status: SeriesStatus; endKind: "count" | "date" | "open" },
  lastVisitEndsAt: Date | null,
  now: Date,
): SeriesStatus {
  if (series.status !== "active" || series.endKind === "open") return series.status;
  return lastVisitEndsAt === null || lastVisitEndsAt.getTime() <= now.getTime() ? "ended" : "active";
}
