import { sql, type Kysely } from "kysely";

// Frozen once landed. Visit reminders (issue 28, decision 0027): a job may carry an idempotency
// key, unique over the whole table, so that a reminder queued twice (two booking paths, two
// workers, a retried request) is one row, and so one e-mail. The index is text_pattern_ops so that
// cancelling or moving a visit finds its reminders by their key's prefix
// ('visit-reminder:<order id>:'); a unique index of any operator class serves ON CONFLICT.

const statements = [
  `alter table jobs add column idempotency_key text`,
  `create unique index jobs_idempotency_key_idx on jobs (idempotency_key text_pattern_ops)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists jobs_idempotency_key_idx`.execute(db);
  await sql`alter table jobs drop column if exists idempotency_key`.execute(db);
}
