import { sql } from "kysely";
import type { Executor } from "../db.server";
import type { StaffNoticeKind } from "../db/schema";
import { isUuid } from "../domain/uuid";

export type { StaffNoticeKind };

// What needs staff (issue 26 items 5 and 6; migration 0015): contact requests from a helper step
// where nobody could come, and the notices on the back office home's "Vaatii huomiota".

// ---------------------------------------------------------------- contact requests

export interface NewContactRequest {
  fullName: string;
  phone: string;
  email: string | null;
  message: string | null;
  serviceCategoryId: string | null;
  postalCode: string | null;
  city: string;
  wantedStartsAt: Date | null;
  wantedEndsAt: Date | null;
  profileId: string | null;
}

export async function insertContactRequest(trx: Executor, input: NewContactRequest): Promise<string> {
  const row = await trx
    .insertInto("contact_requests")
    .values({
      full_name: input.fullName,
      phone: input.phone,
      email: input.email,
      message: input.message,
      service_category_id: input.serviceCategoryId,
      postal_code: input.postalCode,
      city: input.city,
      wanted_starts_at: input.wantedStartsAt,
      wanted_ends_at: input.wantedEndsAt,
      profile_id: input.profileId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Housekeeping (decision 0045): deletes contact requests created before `before`, except those
 * whose notice staff have not marked handled ("ellei asia vaadi pidempää säilytystä"); their
 * notices go with them (on delete cascade), and so does the support address's e-mail turn of the
 * thread. One statement, so two workers at once delete each row once.
 */
export async function deleteOldContactRequests(executor: Executor, before: Date): Promise<number> {
  const result = await sql<{ n: number }>`
    with gone as (
      delete from contact_requests
      where created_at < ${before}
        and not exists (
          select 1 from staff_notices
          where staff_notices.contact_request_id = contact_requests.id and staff_notices.handled_at is null
        )
      returning id
    ), turns as (
      delete from staff_notice_emails where thread in (select 'contact:' || id from gone)
    )
    select count(*)::int as n from gone`.execute(executor);
  return result.rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------- notices

export interface NewStaffNotice {
  kind: StaffNoticeKind;
  orderId: string | null;
  contactRequestId: string | null;
  summary: string;
}

/**
 * Opens a notice, or brings the open one of the same order and kind up to date (a second message
 * on an order is one thing to look at, not two).
 */
export async function upsertStaffNotice(trx: Executor, notice: NewStaffNotice): Promise<void> {
  await sql`
    insert into staff_notices (kind, order_id, contact_request_id, summary)
    values (${notice.kind}, ${notice.orderId}, ${notice.contactRequestId}, ${notice.summary.slice(0, 500)})
    on conflict (order_id, kind) where handled_at is null and order_id is not null
    do update set summary = excluded.summary, created_at = now()`.execute(trx);
}

/**
 * Takes the support address's turn to hear of a thread: true (and the time noted) when it has
 * not been e-mailed of it within `intervalMs`; one conditional upsert, so two writers at once
 * cannot both send.
 */
export async function claimStaffEmailTurn(trx: Executor, thread: string, intervalMs: number): Promise<boolean> {
  const seconds = Math.round(intervalMs / 1000);
  const row = await trx
    .insertInto("staff_notice_emails")
    .values({ thread, notified_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column("thread")
        .doUpdateSet({ notified_at: sql`now()` })
        .where("staff_notice_emails.notified_at", "<=", sql<Date>`now() - make_interval(secs => ${seconds})`),
    )
    .returning("thread")
    .executeTakeFirst();
  return row !== undefined;
}

export interface OpenStaffNotice {
  id: string;
  kind: StaffNoticeKind;
  summary: string;
  createdAt: Date;
  orderNumber: string | null;
  contact: { fullName: string; phone: string; email: string | null; city: string; message: string | null } | null;
}

function openNotices(db: Executor) {
  return db.selectFrom("staff_notices").where("staff_notices.handled_at", "is", null);
}

/** The open notices, newest first, at most `limit`. */
export async function listOpenStaffNotices(db: Executor, limit: number): Promise<OpenStaffNotice[]> {
  const rows = await openNotices(db)
    .leftJoin("orders", "orders.id", "staff_notices.order_id")
    .leftJoin("contact_requests", "contact_requests.id", "staff_notices.contact_request_id")
    .select([
      "staff_notices.id",
      "staff_notices.kind",
      "staff_notices.summary",
      "staff_notices.created_at",
      "orders.order_number",
      "contact_requests.full_name",
      "contact_requests.phone",
      "contact_requests.email",
      "contact_requests.city",
      "contact_requests.message",
    ])
    .orderBy("staff_notices.created_at", "desc")
    .orderBy("staff_notices.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    summary: row.summary,
    createdAt: row.created_at,
    orderNumber: row.order_number,
    contact:
      row.full_name !== null && row.phone !== null && row.city !== null
        ? { fullName: row.full_name, phone: row.phone, email: row.email, city: row.city, message: row.message }
        : null,
  }));
}

export async function countOpenStaffNotices(db: Executor): Promise<number> {
  const row = await openNotices(db).select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks an open notice handled; false when there is no such open notice. */
export async function markStaffNoticeHandled(db: Executor, noticeId: string, staffId: string): Promise<boolean> {
  if (!isUuid(noticeId)) return false;
  const result = await db
    .updateTable("staff_notices")
    .set({ handled_at: sql`now()`, handled_by: staffId })
    .where("id", "=", noticeId)
    .where("handled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
