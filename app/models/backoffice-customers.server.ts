import { sql } from "kysely";
import type { Executor } from "../db.server";
import { containsPattern, keysetPage, type ListCount, type PageDirection } from "../domain/list-query";
import { isUuid } from "../domain/uuid";
import { afterCursor, epochMicros } from "./keyset.server";
import { countBranchedList, mergeBranchPages } from "./branched-list.server";
import { ordersWithParties, orderSummaryColumns, toOrderSummary, type OrderSummary } from "./order-views.server";

// Customers as the back office lists and changes them (spec 001 §2 /backoffice/users; issue 14).
// Written for 100 000 customers: keyset pages on (created_at, id), a search split into indexed
// branches (name and e-mail by the profiles' trigram indexes, city by customers_city_trgm), and
// counts that stop at a cap or come from the planner (docs/decisions/0012).

export type CustomerStatus = "active" | "suspended";

export const CUSTOMER_PAGE_SIZE = 25;
export const CUSTOMER_COUNT_CAP = 10_000;
/** Beyond this many matching names or e-mails, the newest customers are walked instead. */
const MATCHING_PROFILES_MAX = 1_000;

export interface CustomerListFilters {
  status: CustomerStatus | null;
  /** At least SEARCH_MIN_LENGTH characters: name, e-mail or city. */
  search: string | null;
  /** From resolveCustomerSearch, when the caller has it already (list and count share it). */
  resolvedSearch?: ResolvedCustomerSearch;
  page: PageDirection;
  pageSize?: number;
}

export interface CustomerListRow {
  id: string;
  fullName: string;
  email: string;
  city: string | null;
  status: CustomerStatus;
  createdAt: Date;
  orderCount: number;
}

export interface ResolvedCustomerSearch {
  pattern: string;
  /** Profiles whose name or e-mail matches, or "many". */
  profileIds: string[] | "many";
}

export async function resolveCustomerSearch(db: Executor, search: string): Promise<ResolvedCustomerSearch> {
  const pattern = containsPattern(search);
  const rows = await db
    .selectFrom("profiles")
    .select("id")
    .where("user_type", "=", "customer")
    .where((eb) => eb.or([eb("full_name", "ilike", pattern), eb(sql<string>`lower(email)`, "like", pattern.toLowerCase())]))
    .limit(MATCHING_PROFILES_MAX + 1)
    .execute();
  return { pattern, profileIds: rows.length > MATCHING_PROFILES_MAX ? "many" : rows.map((row) => row.id) };
}

type Branch = "person" | "city";

function filteredCustomers(db: Executor, filters: CustomerListFilters, branch: Branch | null, search: ResolvedCustomerSearch | null) {
  let query = db.selectFrom("customers as c");
  if (filters.status) query = query.where("c.status", "=", filters.status);
  if (search && branch === "city") query = query.where("c.city", "ilike", search.pattern);
  if (search && branch === "person") {
    const ids = search.profileIds;
    query =
      ids === "many"
        ? query.where("c.profile_id", "in", (eb) =>
            eb
              .selectFrom("profiles as sp")
              .select("sp.id")
              .where((inner) =>
                inner.or([inner("sp.full_name", "ilike", search.pattern), inner(sql<string>`lower(sp.email)`, "like", search.pattern.toLowerCase())]),
              ),
          )
        : query.where("c.profile_id", "=", sql<string>`any(${ids}::uuid[])`);
  }
  return query;
}

function branchesOf(search: ResolvedCustomerSearch | null): Array<Branch | null> {
  if (!search) return [null];
  return search.profileIds === "many" || search.profileIds.length > 0 ? ["person", "city"] : ["city"];
}

async function searchOf(db: Executor, filters: CustomerListFilters) {
  if (!filters.search) return null;
  return filters.resolvedSearch ?? resolveCustomerSearch(db, filters.search);
}

/** One page of customers, newest first; `next`/`previous` are cursors for the URL. */
export async function listCustomersForStaff(
  db: Executor,
  filters: CustomerListFilters,
): Promise<{ rows: CustomerListRow[]; next: string | null; previous: string | null }> {
  const pageSize = filters.pageSize ?? CUSTOMER_PAGE_SIZE;
  const backwards = filters.page !== null && "before" in filters.page;
  const cursor = filters.page ? ("before" in filters.page ? filters.page.before : filters.page.after) : null;
  const direction = backwards ? "asc" : "desc";
  const search = await searchOf(db, filters);

  const branchPages = branchesOf(search).map((branch) => {
    let query = filteredCustomers(db, filters, branch, search);
    if (cursor) {
      query = query.where(afterCursor("c.created_at", "c.id", cursor, backwards));
    }
    return query
      .select(["c.id", "c.created_at as at", epochMicros("c.created_at").as("micros")])
      .orderBy("c.created_at", direction)
      .orderBy("c.id", direction)
      .limit(pageSize + 1);
  });
  const page = await mergeBranchPages(db, branchPages, direction, pageSize);

  const ids = page.map((row) => row.id);
  const details =
    ids.length === 0
      ? []
      : await db
          .selectFrom("customers as c")
          .innerJoin("profiles as p", "p.id", "c.profile_id")
          .select([
            "c.id",
            "p.full_name",
            "p.email",
            "c.city",
            "c.status",
            "c.created_at",
            (eb) => eb.selectFrom("orders").select(sql<number>`count(*)::int`.as("n")).whereRef("orders.customer_id", "=", "c.id").as("order_count"),
          ])
          .where("c.id", "in", ids)
          .execute();
  const byId = new Map(details.map((row) => [row.id, row]));
  const paged = keysetPage(page, pageSize, filters.page, (row) => ({ micros: row.micros, id: row.id }));
  return {
    rows: paged.rows.map((row) => {
      const detail = byId.get(row.id)!;
      return {
        id: detail.id,
        fullName: detail.full_name,
        email: detail.email,
        city: detail.city,
        status: detail.status,
        createdAt: detail.created_at,
        orderCount: Number(detail.order_count ?? 0),
      };
    }),
    next: paged.next,
    previous: paged.previous,
  };
}

/** Above this many by the planner's estimate, the list shows the estimate ('noin …') instead of counting. */
export const CUSTOMER_COUNT_EXACT_MAX = 2_000;

/**
 * The planner's estimate with a search, or without one when it is above CUSTOMER_COUNT_EXACT_MAX;
 * otherwise exact up to CUSTOMER_COUNT_CAP (as countOrdersForStaff).
 */
export async function countCustomersForStaff(db: Executor, filters: CustomerListFilters): Promise<ListCount> {
  const search = await searchOf(db, filters);
  return countBranchedList(db, {
    idColumn: "c.id",
    branches: search && branchesOf(search).map((branch) => filteredCustomers(db, filters, branch, search)),
    unsearched: () => filteredCustomers(db, filters, null, null),
    exactMax: CUSTOMER_COUNT_EXACT_MAX,
    cap: CUSTOMER_COUNT_CAP,
  });
}

// ---------------------------------------------------------------- one customer

export interface CustomerDetail {
  id: string;
  profileId: string;
  fullName: string;
  email: string;
  emailConfirmed: boolean;
  hasPassword: boolean;
  phone: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  status: CustomerStatus;
  createdAt: Date;
}

export async function getCustomerForStaff(db: Executor, customerId: string): Promise<CustomerDetail | null> {
  if (!isUuid(customerId)) return null;
  const row = await db
    .selectFrom("customers as c")
    .innerJoin("profiles as p", "p.id", "c.profile_id")
    .select([
      "c.id",
      "p.id as profileId",
      "p.full_name as fullName",
      "p.email",
      sql<boolean>`p.email_confirmed_at is not null`.as("emailConfirmed"),
      sql<boolean>`p.password_hash is not null`.as("hasPassword"),
      "p.phone",
      "c.address",
      "c.postal_code as postalCode",
      "c.city",
      "c.status",
      "c.created_at as createdAt",
    ])
    .where("c.id", "=", customerId)
    .executeTakeFirst();
  return row ?? null;
}

export interface CustomerOrderRow extends OrderSummary {
  totalPriceCents: number;
  caregiverName: string | null;
}

/** A customer's orders, latest visit first (at most `limit`). */
export async function listOrdersOfCustomer(db: Executor, customerId: string, limit = 100): Promise<CustomerOrderRow[]> {
  const rows = await ordersWithParties(db)
    .select([...orderSummaryColumns, "o.total_price_cents", "gp.full_name as caregiver_name"])
    .where("o.customer_id", "=", customerId)
    .orderBy("o.starts_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toOrderSummary(row), totalPriceCents: row.total_price_cents, caregiverName: row.caregiver_name }));
}

/** The customer row locked for a status change, with the profile whose sessions end on a freeze. */
export async function lockCustomer(trx: Executor, customerId: string): Promise<{ id: string; profileId: string; status: CustomerStatus } | null> {
  if (!isUuid(customerId)) return null;
  const row = await trx.selectFrom("customers").select(["id", "profile_id", "status"]).where("id", "=", customerId).forUpdate().executeTakeFirst();
  return row ? { id: row.id, profileId: row.profile_id, status: row.status } : null;
}

export async function setCustomerStatus(trx: Executor, customerId: string, status: CustomerStatus): Promise<void> {
  await trx.updateTable("customers").set({ status, updated_at: sql`now()` }).where("id", "=", customerId).execute();
}

/** Whether a customers row is frozen (a frozen customer cannot book; spec 001 §4). */
export async function isCustomerSuspended(db: Executor, customerId: string): Promise<boolean> {
  const row = await db.selectFrom("customers").select("status").where("id", "=", customerId).executeTakeFirst();
  return row?.status === "suspended";
}
