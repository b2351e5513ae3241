import { sql, type Kysely } from "kysely";

// Frozen once landed. The "Hallitse varausta" link (issue 28 item 3, DESIGN.md decision 26,
// docs/decisions/0030): a row per link an e-mail carried, only the SHA-256 of its random token
// stored. Its expiry follows the visit (7 days after orders.ends_at, read at look-up), so a moved
// visit moves it too; "Lähetä uusi linkki" deletes the order's rows, which revokes them all.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table manage_links (
    token_hash text primary key,
    order_id uuid not null references orders(id) on delete cascade,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index manage_links_order_id_idx on manage_links (order_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists manage_links`.execute(db);
}
