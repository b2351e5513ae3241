import { sql, type Kysely } from "kysely";

// Frozen once landed. Sign-in attempt counters for rate-limiter-flexible's PostgreSQL store:
// the exact shape that library reads and writes (key, points, expire in epoch milliseconds),
// created here rather than by the library at start-up, so the schema has one owner and works the
// same on PGlite and PostgreSQL. See docs/decisions/0004-accounts-sessions-and-rate-limits.md.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table rate_limits (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  )`.execute(db);
  await sql`create index rate_limits_expire_idx on rate_limits (expire)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists rate_limits`.execute(db);
}
