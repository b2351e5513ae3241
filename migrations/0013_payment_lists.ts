import { sql, type Kysely } from "kysely";

// Frozen once landed. The payments page's lists of payment transactions and payouts (issue 25
// item 8) are keyset-paged on (created_at, id), newest first, optionally by status: these indexes
// give each page straight from the index instead of sorting every payment.

const statements = [
  `create index payments_created_id_idx on payments (created_at desc, id desc)`,
  `create index payments_status_created_id_idx on payments (status, created_at desc, id desc)`,
  `create index payouts_created_id_idx on payouts (created_at desc, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payouts_created_id_idx`.execute(db);
  await sql`drop index if exists payments_status_created_id_idx`.execute(db);
  await sql`drop index if exists payments_created_id_idx`.execute(db);
}
