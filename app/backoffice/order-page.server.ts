import type { Params } from "@remix-run/react";
import type { DB } from "~/db.server";
import { orderTexts } from "~/messages/backoffice";
import { getStaffOrderDetail, type StaffOrderDetail } from "~/models/backoffice-orders.server";
import { listSearchOf } from "./orders-list.server";
import { notFound } from "./staff.server";

// Shared by the order page's layout and its tabs: the order named in the address (404 when there
// is none), and the list's filters the page carries along so that "back" returns to the same list.

export async function requireOrderOfPage(db: DB, params: Params): Promise<StaffOrderDetail> {
  const order = await getStaffOrderDetail(db, params.orderNumber ?? "");
  if (!order) throw notFound(orderTexts.notFound);
  return order;
}

/** '?tila=pending&haku=…' of the list this page was opened from, or ''. */
export function carriedListSearch(request: Request): string {
  const search = listSearchOf(new URL(request.url).searchParams);
  return search ? `?${search}` : "";
}
