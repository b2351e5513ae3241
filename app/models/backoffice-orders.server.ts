import { sql } from "kysely";
import { isUuid } from "../domain/uuid";
import { afterCursor, epochMicros } from "./keyset.server";
import { countBranchedList, mergeBranchPages } from "./branched-list.server";
import type { Executor } from "../db.server";
import type { CaregiverStatus, OrderStatus, PaymentMethodName, PaymentProviderName, PaymentStatus } from "../db/schema";
import { cappedCount, containsPattern, keysetPage, type ListCount, type PageDirection } from "../domain/list-query";
import { matchTerms, orderVisitTerms } from "./matching.server";
import { INVOICE_COLUMNS, type InvoiceRow } from "./booking-documents.server";
import { ordersWithParties, orderSummaryColumns, orderVisitColumns, toOrderSummary, toOrderVisit } from "./order-views.server";
import type { OrderAmounts } from "../domain/order-amounts";
import type { OrderVisit } from "../domain/order-visit";

// Orders as staff see and change them (spec 001 §2 /backoffice/orders, issue 14). The list
// queries are written for a million orders (README.md, Performance, "Back office at scale");
// the changes take the transaction they run in, and the services around them write the audit
// line and the e-mails in that same transaction.

// ---------------------------------------------------------------- one order, locked for a change

export interface LockedOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  caregiverId: string | null;
  caregiverName: string | null;
  serviceCategoryId: string;
  city: string;
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
      "orders.order_number as orderNumber",
      "orders.status",
      "orders.caregiver_id as caregiverId",
      "profiles.full_name as caregiverName",
      "orders.service_category_id as serviceCategoryId",
      "orders.city",
      "orders.starts_at as startsAt",
      "orders.ends_at as endsAt",
    ])
    .where("orders.id", "=", orderId)
    .forUpdate("orders")
    .executeTakeFirst();
  return row ?? null;
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
 * The helpers who can do each of the given orders by the one matching rule
 * (app/models/matching.server.ts: approved, offering its service, serving its city, free for its
 * whole time, the order itself left out), best rated first, at most `limit` each. What is offered
 * is what the assignment accepts (the database still decides when two changes race).
 */
export async function listAssignableCaregivers(
  db: Executor,
  orderIds: string[],
  limit: number,
): Promise<Map<string, AssignableCaregiver[]>> {
  const ids = orderIds.filter(isUuid);
  const result = new Map<string, AssignableCaregiver[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const candidate = matchTerms("cg", orderVisitTerms("o"));
  const rows = await db
    .selectFrom("orders as o")
    .innerJoinLateral(
      (eb) =>
        eb
          // The approved helpers offering the service in the city, best rated first; OFFSET 0
          // keeps this a separate step, so the plan and overlap tests below run only until `limit` free
          // ones are found (the planner cannot estimate the overlap test and would otherwise
          // test everyone).
          .selectFrom(
            eb
              .selectFrom("caregivers as cg")
              .select(["cg.id", "cg.profile_id", "cg.average_rating"])
              .where(candidate.working)
              .where(candidate.offersService)
              .where(candidate.servesCity)
              .orderBy(sql`cg.average_rating desc nulls last`)
              .orderBy("cg.id")
              .offset(0)
              .as("cand"),
          )
          .innerJoin("profiles as p", "p.id", "cand.profile_id")
          .select(["cand.id", "p.full_name", "cand.average_rating"])
          .where(sql<boolean>`${matchTerms("cand", orderVisitTerms("o")).withinPlan} and not ${matchTerms("cand", orderVisitTerms("o")).busy}`)
          .orderBy(sql`cand.average_rating desc nulls last`)
          .orderBy("cand.id")
          .limit(limit)
          .as("free"),
      (join) => join.onTrue(),
    )
    .select(["o.id as order_id", "free.id", "free.full_name", "free.average_rating"])
    .where("o.id", "in", ids)
    .orderBy("o.id")
    .orderBy(sql`free.average_rating desc nulls last`)
    .orderBy("free.id")
    .execute();
  for (const row of rows) {
    result.get(row.order_id)!.push({ id: row.id, fullName: row.full_name, averageRating: row.average_rating });
  }
  return result;
}

// ---------------------------------------------------------------- the orders list

export const ORDER_PAGE_SIZE = 20;
/** Counting stops here: beyond it the list says "yli 10 000" (an exact count of a million is slow). */
export const ORDER_COUNT_CAP = 10_000;

/** A status, or 'open' for pending and pending_payment together (spec 001 §4 stats). */
export type OrderStatusFilter = OrderStatus | "open";

export interface OrderListFilters {
  status: OrderStatusFilter | null;
  /** Only open orders without a helper: the queue support works through. */
  unassigned: boolean;
  /** The visit's start, from this instant (inclusive); see visitRange in the route. */
  startsFrom: Date | null;
  /** The visit's start, before this instant (exclusive). */
  startsBefore: Date | null;
  /** At least SEARCH_MIN_LENGTH characters: order number, customer name or helper name. */
  search: string | null;
  /** The search resolved by resolveOrderSearch, when the caller has it already (list and count share it). */
  resolvedSearch?: ResolvedOrderSearch;
  page: PageDirection;
  pageSize?: number;
}

export interface OrderListRow {
  id: string;
  orderNumber: string;
  serviceName: string;
  customerName: string;
  caregiverId: string | null;
  caregiverName: string | null;
  startsAt: Date;
  endsAt: Date;
  city: string;
  totalPriceCents: number;
  status: OrderStatus;
  paymentMethod: "online" | "invoice";
  createdAt: Date;
}

/**
 * Newest orders first; with a visit-date range, latest visit first (the range and the order then
 * use the same index). Either way keyset-paged on (time, id), so page 500 costs what page 1 does.
 */
export function orderListSort(filters: Pick<OrderListFilters, "startsFrom" | "startsBefore">): "created" | "visit" {
  return filters.startsFrom || filters.startsBefore ? "visit" : "created";
}

type SearchBranch = "order_number" | "customer" | "caregiver";

/** Beyond this many matching customers a name is "common": their orders are found by walking the newest. */
const MATCHING_PEOPLE_MAX = 1_000;

/**
 * Who a search term names: the customers and helpers whose name matches (trigram indexes on
 * profiles). Resolve it once per request and pass it to both the list and its count.
 */
export interface ResolvedOrderSearch {
  pattern: string;
  /** Ids of matching customers, or "many" when more than MATCHING_PEOPLE_MAX match. */
  customerIds: string[] | "many";
  caregiverIds: string[];
}

export async function resolveOrderSearch(db: Executor, search: string): Promise<ResolvedOrderSearch> {
  const pattern = containsPattern(search);
  // The matching names first (trigram index), stopping one past MATCHING_PEOPLE_MAX: a common
  // name is searched another way (see filteredOrders), so its customers rows are not looked up.
  // Then the customers rows of the few by profile id: asked as one join, the planner would hash
  // all customers to find a few thousand.
  const [profiles, caregivers] = await Promise.all([
    db
      .selectFrom("profiles")
      .select("profiles.id")
      // Any profile (a helper may be a customer too); helpers' names only count towards "many".
      .where("profiles.full_name", "ilike", pattern)
      .limit(MATCHING_PEOPLE_MAX + 1)
      .execute(),
    db
      .selectFrom("caregivers")
      .innerJoin("profiles", "profiles.id", "caregivers.profile_id")
      .select("caregivers.id")
      // The small trigram index of helpers' names (migration 0004), not every customer's.
      .where("profiles.user_type", "=", "caregiver")
      .where("profiles.full_name", "ilike", pattern)
      .execute(),
  ]);
  const many = profiles.length > MATCHING_PEOPLE_MAX;
  const customers =
    many || profiles.length === 0
      ? []
      : await db
          .selectFrom("customers")
          .select("customers.id")
          .where("customers.profile_id", "=", sql<string>`any(${profiles.map((row) => row.id)}::uuid[])`)
          .execute();
  return {
    pattern,
    customerIds: many ? "many" : customers.map((row) => row.id),
    caregiverIds: caregivers.map((row) => row.id),
  };
}

/**
 * The orders that pass the filters; with a search, only those matching through one `branch`.
 * A search is up to three lookups, each its own query (order number by its trigram index, the
 * matching customers' orders, the matching helpers' orders), merged afterwards. Given the
 * people's ids as a list, PostgreSQL estimates each branch well and picks either the few people's
 * own orders or a walk down the newest orders when the name is common; a branch with nobody in
 * it is not run at all. One query ORing across the joined tables would read every order.
 */
function filteredOrders(db: Executor, filters: OrderListFilters, branch: SearchBranch | null, search: ResolvedOrderSearch | null) {
  let query = db.selectFrom("orders as o");
  if (filters.status === "open") query = query.where("o.status", "in", ["pending", "pending_payment"]);
  else if (filters.status) query = query.where("o.status", "=", filters.status);
  // Unassigned means an open order still waiting for its helper (the partial index's condition).
  if (filters.unassigned) query = query.where("o.caregiver_id", "is", null).where("o.status", "in", ["pending", "pending_payment"]);
  if (filters.startsFrom) query = query.where("o.starts_at", ">=", filters.startsFrom);
  if (filters.startsBefore) query = query.where("o.starts_at", "<", filters.startsBefore);
  if (search && branch) {
    switch (branch) {
      case "order_number":
        query = query.where("o.order_number", "ilike", search.pattern);
        break;
      case "customer": {
        const ids = search.customerIds;
        // A common name: its customers' orders are found by walking the newest orders and looking
        // up each one's customer (a scalar subquery, which the planner keeps per row: about 1 700
        // lookups for 'Virtanen' at a million orders). As a join or an IN list it read every
        // order of the 1 250 matching customers, or every matching name first (measured 17–22 ms
        // against 11 ms under load). The planner's guess of its cost is far too high, which is
        // why PostgreSQL connections run without JIT (POSTGRES_SESSION_OPTIONS in db.server.ts).
        query =
          ids === "many"
            ? query.where(
                sql<string>`(select sp.full_name from customers as sc inner join profiles as sp on sp.id = sc.profile_id where sc.id = o.customer_id)`,
                "ilike",
                search.pattern,
              )
            : query.where("o.customer_id", "=", sql<string>`any(${ids}::uuid[])`);
        break;
      }
      case "caregiver":
        query = query.where("o.caregiver_id", "=", sql<string>`any(${search.caregiverIds}::uuid[])`);
        break;
    }
  }
  return query;
}

function branchesOf(search: ResolvedOrderSearch | null): Array<SearchBranch | null> {
  if (!search) return [null];
  const branches: SearchBranch[] = ["order_number"];
  if (search.customerIds === "many" || search.customerIds.length > 0) branches.push("customer");
  if (search.caregiverIds.length > 0) branches.push("caregiver");
  return branches;
}

async function searchOf(db: Executor, filters: OrderListFilters): Promise<ResolvedOrderSearch | null> {
  if (!filters.search) return null;
  return filters.resolvedSearch ?? resolveOrderSearch(db, filters.search);
}

/** One page of the orders list (see orderListSort); `next`/`previous` are cursors for the URL. */
export async function listOrdersForStaff(
  db: Executor,
  filters: OrderListFilters,
): Promise<{ rows: OrderListRow[]; next: string | null; previous: string | null; sort: "created" | "visit" }> {
  const pageSize = filters.pageSize ?? ORDER_PAGE_SIZE;
  const sort = orderListSort(filters);
  const key = sort === "visit" ? "o.starts_at" : "o.created_at";
  const backwards = filters.page !== null && "before" in filters.page;
  const cursor = filters.page ? ("before" in filters.page ? filters.page.before : filters.page.after) : null;
  const direction = backwards ? "asc" : "desc";
  const search = await searchOf(db, filters);

  // Each branch gives its own first rows after the cursor; merged, the first of those are the page.
  const branchPages = branchesOf(search).map((branch) => {
    let query = filteredOrders(db, filters, branch, search);
    if (cursor) {
      query = query.where(afterCursor(key, "o.id", cursor, backwards));
    }
    return query
      .select(["o.id", sql<Date>`${sql.ref(key)}`.as("at"), epochMicros(key).as("micros")])
      .orderBy(key, direction)
      .orderBy("o.id", direction)
      .limit(pageSize + 1);
  });
  const page = await mergeBranchPages(db, branchPages, direction, pageSize);

  const ids = page.map((row) => row.id);
  const details = ids.length === 0 ? [] : await orderRowsByIds(db, ids);
  const byId = new Map(details.map((row) => [row.id, row]));
  const paged = keysetPage(page, pageSize, filters.page, (row) => ({ micros: row.micros, id: row.id }));
  return { rows: paged.rows.map((row) => byId.get(row.id)!), next: paged.next, previous: paged.previous, sort };
}

/** The rows shown for a page of ids: the joins run for twenty orders, not for the whole list. */
async function orderRowsByIds(db: Executor, ids: string[]): Promise<OrderListRow[]> {
  const rows = await ordersWithParties(db)
    .select([
      ...orderSummaryColumns,
      "cp.full_name as customer_name",
      "cp.email as customer_email",
      "o.caregiver_id",
      "gp.full_name as caregiver_name",
      "o.total_price_cents",
      "o.payment_method",
      "o.created_at",
    ])
    .where("o.id", "in", ids)
    .execute();
  return rows.map((row) => ({
    ...toOrderSummary(row),
    customerName: row.customer_name || row.customer_email,
    caregiverId: row.caregiver_id,
    caregiverName: row.caregiver_name ?? null,
    totalPriceCents: row.total_price_cents,
    paymentMethod: row.payment_method,
    createdAt: row.created_at,
  }));
}

/** Above this many by the planner's estimate, the list shows the estimate ('noin …') instead of counting. */
export const ORDER_COUNT_EXACT_MAX = 2_000;

/**
 * How many orders the filters match (countBranchedList): with a search the planner's estimate
 * (the list page shows an exact number when the matches fit on one page); without one the
 * estimate too above ORDER_COUNT_EXACT_MAX (a million orders, or a status of most of them, is
 * not counted on every page view: measured 15 ms for the ten thousand index entries of a capped
 * count), and otherwise an exact count up to ORDER_COUNT_CAP.
 */
export async function countOrdersForStaff(db: Executor, filters: OrderListFilters): Promise<ListCount> {
  const search = await searchOf(db, filters);
  return countBranchedList(db, {
    idColumn: "o.id",
    branches: search && branchesOf(search).map((branch) => filteredOrders(db, filters, branch, search)),
    unsearched: () => filteredOrders(db, filters, null, null),
    exactMax: ORDER_COUNT_EXACT_MAX,
    cap: ORDER_COUNT_CAP,
  });
}

export interface OrderStats {
  /** pending + pending_payment (spec 001 §4). */
  open: ListCount;
  /** Orders placed today (Helsinki day). */
  today: ListCount;
  /** Open orders without a helper. */
  unassigned: ListCount;
}

/** The three figures above the list, each from its own (partial) index and capped like the list's count. */
export async function getOrderStats(db: Executor, todayStartsAt: Date): Promise<OrderStats> {
  const capped = (query: ReturnType<typeof openOrders>) =>
    sql<number>`(select count(*)::int from (${query.select(sql`1`.as("one")).limit(ORDER_COUNT_CAP + 1)}) as counted)`;
  const openOrders = () => db.selectFrom("orders").where("status", "in", ["pending", "pending_payment"]);
  const row = await db
    .selectNoFrom([
      capped(openOrders()).as("open"),
      capped(db.selectFrom("orders").where("created_at", ">=", todayStartsAt)).as("today"),
      capped(openOrders().where("caregiver_id", "is", null)).as("unassigned"),
    ])
    .executeTakeFirstOrThrow();
  return {
    open: cappedCount(row.open, ORDER_COUNT_CAP),
    today: cappedCount(row.today, ORDER_COUNT_CAP),
    unassigned: cappedCount(row.unassigned, ORDER_COUNT_CAP),
  };
}

/** An order's number by its id (the status form posts the id; the cancel page is by number). */
export async function findOrderNumber(db: Executor, orderId: string): Promise<string | null> {
  if (!isUuid(orderId)) return null;
  const row = await db.selectFrom("orders").select("order_number").where("id", "=", orderId).executeTakeFirst();
  return row?.order_number ?? null;
}

// ---------------------------------------------------------------- one order's page

export interface StaffOrderDetail extends OrderVisit {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  /** A guest's invoice order waiting for its e-mail address to confirm it: until when. */
  emailConfirmationDueAt: Date | null;
  serviceName: string;
  bookingFor: "self" | "other";
  recipient: { firstName: string | null; lastName: string | null; phone: string | null };
  customer: { id: string; profileId: string; fullName: string; email: string; phone: string | null; status: string };
  caregiver: { id: string; fullName: string; email: string; phone: string | null; status: CaregiverStatus } | null;
  paymentMethod: "online" | "invoice";
  amounts: OrderAmounts;
  discountCode: string | null;
  createdAt: Date;
  createdByName: string | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
}

/** An order by its number, with everything the four tabs of its page show (spec 001 §2). */
export async function getStaffOrderDetail(db: Executor, orderNumber: string): Promise<StaffOrderDetail | null> {
  if (!/^[A-Z]{3}-\d{1,18}$/.test(orderNumber)) return null;
  const row = await ordersWithParties(db)
    .leftJoin("profiles as author", "author.id", "o.created_by")
    .leftJoin("discount_codes as dc", "dc.id", "o.discount_code_id")
    .select([
      "o.id",
      "o.order_number",
      "o.status",
      "o.email_confirmation_due_at",
      "sc.name as service_name",
      "o.booking_for",
      "o.recipient_first_name",
      "o.recipient_last_name",
      "o.recipient_phone",
      "c.id as customer_id",
      "cp.id as customer_profile_id",
      "cp.full_name as customer_name",
      "cp.email as customer_email",
      // The phone the order was booked with (a guest on an account's e-mail: the guest's own), not
      // whatever the profile says now; old orders from before contact_phone fall back to the profile.
      sql<string | null>`coalesce(o.contact_phone, o.payer_phone, cp.phone)`.as("customer_phone"),
      "c.status as customer_status",
      "cg.id as caregiver_id",
      "gp.full_name as caregiver_name",
      "gp.email as caregiver_email",
      "gp.phone as caregiver_phone",
      "cg.status as caregiver_status",
      ...orderVisitColumns,
      "o.payment_method",
      "o.unit_price_cents",
      "o.original_price_cents",
      "o.discount_cents",
      "o.total_price_cents",
      "o.net_amount_cents",
      "o.vat_amount_cents",
      "o.vat_rate_bp",
      "o.commission_rate_bp",
      "o.platform_fee_cents",
      "o.caregiver_earnings_cents",
      "dc.code as discount_code",
      "o.created_at",
      "author.full_name as author_name",
      "o.completed_at",
      "o.cancelled_at",
    ])
    .where("o.order_number", "=", orderNumber)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    emailConfirmationDueAt: row.status === "pending" ? row.email_confirmation_due_at : null,
    serviceName: row.service_name,
    bookingFor: row.booking_for,
    recipient: { firstName: row.recipient_first_name, lastName: row.recipient_last_name, phone: row.recipient_phone },
    customer: {
      id: row.customer_id,
      profileId: row.customer_profile_id,
      fullName: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      status: row.customer_status,
    },
    caregiver:
      row.caregiver_id && row.caregiver_status
        ? {
            id: row.caregiver_id,
            fullName: row.caregiver_name ?? "",
            email: row.caregiver_email ?? "",
            phone: row.caregiver_phone ?? null,
            status: row.caregiver_status,
          }
        : null,
    ...toOrderVisit(row),
    paymentMethod: row.payment_method,
    amounts: {
      unitPriceCents: row.unit_price_cents,
      originalPriceCents: row.original_price_cents,
      discountCents: row.discount_cents,
      totalPriceCents: row.total_price_cents,
      netAmountCents: row.net_amount_cents,
      vatAmountCents: row.vat_amount_cents,
      vatRateBp: row.vat_rate_bp,
      commissionRateBp: row.commission_rate_bp,
      platformFeeCents: row.platform_fee_cents,
      caregiverEarningsCents: row.caregiver_earnings_cents,
    },
    discountCode: row.discount_code ?? null,
    createdAt: row.created_at,
    createdByName: row.author_name ?? null,
    completedAt: row.completed_at,
    cancelledAt: row.cancelled_at,
  };
}

export interface OrderPaymentRow {
  id: string;
  amountCents: number;
  status: PaymentStatus;
  provider: PaymentProviderName;
  method: PaymentMethodName | null;
  createdAt: Date;
  refundedAt: Date | null;
  refundedCents: number | null;
}

/** The payment rows of an order, oldest first (the payment tab's history). */
export async function listOrderPayments(db: Executor, orderId: string): Promise<OrderPaymentRow[]> {
  return db
    .selectFrom("payments")
    .select([
      "id",
      "amount_cents as amountCents",
      "status",
      "provider",
      "method",
      "created_at as createdAt",
      "refunded_at as refundedAt",
      "refunded_cents as refundedCents",
    ])
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export interface OrderInvoiceRow extends InvoiceRow {
  reminderSentAt: Date | null;
  status: "open" | "paid" | "cancelled";
  paidAt: Date | null;
}

export async function findOrderInvoice(db: Executor, orderId: string): Promise<OrderInvoiceRow | null> {
  const row = await db
    .selectFrom("invoices")
    .select([...INVOICE_COLUMNS, "reminder_sent_at as reminderSentAt", "status", "paid_at as paidAt"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

export async function findOrderPayout(db: Executor, orderId: string): Promise<{ amountCents: number; status: "pending" | "paid"; paidAt: Date | null } | null> {
  const row = await db.selectFrom("payouts").select(["amount_cents", "status", "paid_at"]).where("order_id", "=", orderId).executeTakeFirst();
  return row ? { amountCents: row.amount_cents, status: row.status, paidAt: row.paid_at } : null;
}
