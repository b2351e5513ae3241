import { sql, type Kysely } from "kysely";

// Frozen once landed. A weekly series paid online (issue 27 item 4;
// docs/decisions/0040-series-paid-online-saved-card.md): when the saved card of a series is
// declined 24 h before a visit, staff hear of it on "Vaatii huomiota" as a notice of its own kind.
// The charge itself needs no table: its claim and its outcome are payment_events rows keyed by
// the payment, like a refund's claim.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_notices drop constraint if exists staff_notices_kind_check`.execute(db);
  await sql`alter table staff_notices add constraint staff_notices_kind_check
    check (kind in ('customer_message', 'caregiver_rejection', 'contact_request', 'series_charge_failed'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from staff_notices where kind = 'series_charge_failed'`.execute(db);
  await sql`alter table staff_notices drop constraint if exists staff_notices_kind_check`.execute(db);
  await sql`alter table staff_notices add constraint staff_notices_kind_check
    check (kind in ('customer_message', 'caregiver_rejection', 'contact_request'))`.execute(db);
}
