import { sql, type Kysely } from "kysely";

// Frozen once landed. Text-message reminders and the recipient's own e-mail (issue 28 items 1 and
// 2; docs/decisions/0031): the order keeps the recipient's optional e-mail, whether a text reminder
// was asked for and the mobile number it goes to (E.164, +358…), as typed at booking. The texts
// themselves are kept in `text_messages`, the outbox every web process and worker shares: the dev
// outbox page /dev/tekstiviestit reads it, and a real provider's delivery marks it sent.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders
    add column recipient_email text,
    add column sms_reminder boolean not null default false,
    add column sms_phone text`.execute(db);
  await sql`alter table orders add constraint orders_sms_phone_e164 check (sms_phone is null or sms_phone ~ '^\\+[1-9][0-9]{6,14}$')`.execute(db);
  await sql`create table text_messages (
    id uuid primary key default gen_random_uuid(),
    to_phone text not null,
    body text not null,
    segments integer not null,
    status text not null default 'queued' check (status in ('queued', 'kept', 'sending', 'sent', 'failed')),
    provider text,
    provider_ref text,
    error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`.execute(db);
  await sql`create index text_messages_created_at_idx on text_messages (created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists text_messages`.execute(db);
  await sql`alter table orders drop constraint if exists orders_sms_phone_e164`.execute(db);
  await sql`alter table orders drop column if exists sms_phone, drop column if exists sms_reminder, drop column if exists recipient_email`.execute(db);
}
