import { access } from "~/auth/access";
import type { DB } from "~/db.server";
import type { OrderStatus, StaffRole } from "~/db/schema";
import { addCalendarDays, helsinkiToday, helsinkiWallTimeToInstant, isIsoDate } from "~/domain/booking-window";
import { formatEuros, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { keysetPageLinks, pageDirectionOf, searchTermOf, shownCount } from "~/domain/list-query";
import { OPEN_FILTER, ORDER_STATUSES, canStaffCancel } from "~/domain/order-status";
import { allowedTargets } from "~/domain/visit-lifecycle";
import { formatRating } from "~/components/booking/caregiver-cards";
import { listTexts, orderTexts } from "~/messages/backoffice";
import { ORDER_STATUS_LABELS } from "~/messages/statuses";
import {
  ORDER_PAGE_SIZE,
  countOrdersForStaff,
  getOrderStats,
  listAssignableCaregivers,
  listOrdersForStaff,
  resolveOrderSearch,
  type AssignableCaregiver,
  type OrderListFilters,
  type OrderStatusFilter,
} from "~/models/backoffice-orders.server";

// The server half of /backoffice/orders: the filters read from the address, the queries, and
// the rows as the page shows them. The filters live in the URL (GET form), so a filtered list
// can be bookmarked, and going to an order and back keeps them.

/** The list's own parameters; the order pages carry them along to link back. */
export const ORDER_LIST_PARAMS = ["haku", "tila", "kaveri", "alkaen", "asti", "jalkeen", "ennen"] as const;

export interface ParsedOrderFilters {
  filters: OrderListFilters;
  /** What the form shows back (as typed). */
  form: { search: string; status: string; unassigned: boolean; from: string; to: string };
  notices: string[];
  filtered: boolean;
}

function isStatusFilter(value: string | null): value is OrderStatus {
  return value !== null && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function parseOrderFilters(params: URLSearchParams): ParsedOrderFilters {
  const notices: string[] = [];
  const statusParam = params.get("tila");
  const status: OrderStatusFilter | null = statusParam === OPEN_FILTER ? "open" : isStatusFilter(statusParam) ? statusParam : null;
  const unassigned = params.get("kaveri") === "ei";

  const { typed, search, tooShort } = searchTermOf(params.get("haku"));
  if (tooShort) notices.push(listTexts.searchTooShort);

  const fromParam = (params.get("alkaen") ?? "").trim();
  const toParam = (params.get("asti") ?? "").trim();
  let from = isIsoDate(fromParam) ? fromParam : null;
  let to = isIsoDate(toParam) ? toParam : null;
  if ((fromParam && !from) || (toParam && !to)) notices.push(listTexts.invalidDate);
  if (from && to && from > to) {
    notices.push(listTexts.dateRangeReversed);
    from = null;
    to = null;
  }

  const page = pageDirectionOf(params);

  return {
    filters: {
      status,
      unassigned,
      startsFrom: from ? helsinkiWallTimeToInstant(from, 0) : null,
      startsBefore: to ? helsinkiWallTimeToInstant(addCalendarDays(to, 1), 0) : null,
      search,
      page,
    },
    form: { search: typed ?? "", status: statusParam === OPEN_FILTER || status ? (statusParam ?? "") : "", unassigned, from: fromParam, to: toParam },
    notices,
    filtered: status !== null || unassigned || typed !== null || Boolean(fromParam || toParam),
  };
}

/** The list's query string without its page cursor (a new filter starts from the first page). */
export function listSearchOf(params: URLSearchParams, { keepPage = true } = {}): string {
  const kept = new URLSearchParams();
  for (const key of ORDER_LIST_PARAMS) {
    if (!keepPage && (key === "jalkeen" || key === "ennen")) continue;
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  return kept.toString();
}

/**
 * Status choices for a role at `now`: the current status and the staff rows of the transition
 * table open at that moment (decision 0018); cancelling is admin-only and goes through its own page.
 */
export function statusOptions(role: StaffRole, order: { status: OrderStatus; startsAt: Date; endsAt: Date; caregiverId: string | null }, now: Date) {
  const targets = allowedTargets({ actor: "staff", role }, { ...order, hasCaregiver: order.caregiverId !== null }, now);
  return ORDER_STATUSES.filter((status) => status === order.status || targets.includes(status)).map((status) => ({
    value: status,
    label: ORDER_STATUS_LABELS[status],
  }));
}

/** 'Matti Korhonen (4,9)', or '(uusi)' for a helper without ratings. */
export function caregiverOptionLabel(caregiver: AssignableCaregiver): string {
  return `${caregiver.fullName} (${caregiver.averageRating === null ? "uusi" : formatRating(caregiver.averageRating)})`;
}

export function canAssign(status: OrderStatus): boolean {
  return status !== "cancelled" && status !== "completed";
}

/** How many free helpers each row's selector offers (the order's page offers all). */
const ROW_CAREGIVER_OPTIONS = 15;

export async function loadOrderList(db: DB, url: URL, role: StaffRole, now: Date) {
  const parsed = parseOrderFilters(url.searchParams);
  const filters = parsed.filters;
  if (filters.search) filters.resolvedSearch = await resolveOrderSearch(db, filters.search);
  const [page, counted, stats] = await Promise.all([
    listOrdersForStaff(db, filters),
    countOrdersForStaff(db, filters),
    getOrderStats(db, helsinkiWallTimeToInstant(helsinkiToday(now), 0)!),
  ]);
  // A search whose matches fit on its first page has an exact count for free.
  const count = shownCount(counted, filters.page, page);
  const assignable = await listAssignableCaregivers(
    db,
    page.rows.filter((row) => canAssign(row.status)).map((row) => row.id),
    ROW_CAREGIVER_OPTIONS,
  );

  const listSearch = listSearchOf(url.searchParams);
  const filterSearch = listSearchOf(url.searchParams, { keepPage: false });
  const returnTo = `/backoffice/orders${listSearch ? `?${listSearch}` : ""}`;

  return {
    form: parsed.form,
    notices: parsed.notices,
    filtered: parsed.filtered,
    sort: page.sort,
    count,
    pageSize: ORDER_PAGE_SIZE,
    stats,
    returnTo,
    ...keysetPageLinks(filterSearch, filters.page, page),
    rows: page.rows.map((row) => {
      const free = assignable.get(row.id) ?? [];
      const options = free.map((caregiver) => ({ value: caregiver.id, label: caregiverOptionLabel(caregiver) }));
      if (row.caregiverId && !free.some((caregiver) => caregiver.id === row.caregiverId)) {
        options.unshift({ value: row.caregiverId, label: row.caregiverName ?? row.caregiverId });
      }
      return {
        id: row.id,
        orderNumber: row.orderNumber,
        serviceName: row.serviceName,
        customerName: row.customerName,
        caregiverId: row.caregiverId,
        caregiverName: row.caregiverName ?? orderTexts.noCaregiver,
        // The day and the hours on lines of their own: the narrow "Käynti" column breaks there.
        day: formatWeekdayDate(row.startsAt),
        hours: formatTimeRange(row.startsAt, row.endsAt),
        city: row.city,
        price: formatEuros(row.totalPriceCents),
        status: row.status,
        statusOptions: statusOptions(role, row, now),
        canAssign: canAssign(row.status),
        caregiverOptions: options,
        noFreeCaregivers: canAssign(row.status) && free.length === 0 ? orderTexts.noFreeCaregivers : null,
        canCancel: canStaffCancel(row.status) && (access.cancelOrders as readonly StaffRole[]).includes(role),
        href: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}${listSearch ? `?${listSearch}` : ""}`,
        cancelHref: `/backoffice/orders/${encodeURIComponent(row.orderNumber)}/peruuta?${new URLSearchParams({ takaisin: returnTo })}`,
      };
    }),
  };
}
