// Managing a series of weekly visits (issue 27 item 5; docs/decisions/0038): which visits a "from
// here on" action touches. "Peru tämä ja kaikki tulevat" and "Vaihda kaveria tästä eteenpäin" act
// on the chosen visit and every later visit of the series that is still ahead and nobody has
// started: waiting for its payment or its visit, starting after `now`. Past, started, completed
// and cancelled visits are left as they are. Pure, no I/O; "now" is a parameter.
import type { OrderStatus } from "./statuses";

export interface SeriesVisit {
  id: string;
  startsAt: Date;
  status: OrderStatus;
}

/** Statuses of a visit still to come that a series action may change. */
const LIVE_STATUSES: readonly OrderStatus[] = ["pending", "pending_payment"];

/** The visit is still ahead and nobody has started it. */
export function isChangeableVisit(visit: SeriesVisit, now: Date): boolean {
  return LIVE_STATUSES.includes(visit.status) && visit.startsAt.getTime() > now.getTime();
}

/**
 * The visits a "from here on" action touches, earliest first: the chosen one and every later
 * changeable visit. Empty when the chosen visit is not in the series or is not changeable itself
 * (a visit under way is not the start of "from here on").
 */
export function visitsFromHereOn<Visit extends SeriesVisit>(visits: readonly Visit[], fromVisitId: string, now: Date): Visit[] {
  const from = visits.find((visit) => visit.id === fromVisitId);
  if (!from || !isChangeableVisit(from, now)) return [];
  return visits
    .filter((visit) => visit.startsAt.getTime() >= from.startsAt.getTime() && isChangeableVisit(visit, now))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The earliest changeable visit: where the series page's "from here on" actions start by default. */
export function nextChangeableVisit<Visit extends SeriesVisit>(visits: readonly Visit[], now: Date): Visit | null {
  return [...visits].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()).find((visit) => isChangeableVisit(visit, now)) ?? null;
}
