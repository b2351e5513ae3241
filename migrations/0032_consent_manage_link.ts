import { sql, type Kysely } from "kysely";

// Frozen once landed. A text-reminder consent can be withdrawn from the visit's "Hallitse
// varausta" page too (docs/decisions/0033, amended): the log names that way 'hallintalinkki'.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table consents drop constraint consents_method_check`.execute(db);
  await sql`alter table consents add constraint consents_method_check check (method in ('rekisteröityminen', 'profiili', 'varauslomake', 'hallintalinkki'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from consents where method = 'hallintalinkki'`.execute(db);
  await sql`alter table consents drop constraint consents_method_check`.execute(db);
  await sql`alter table consents add constraint consents_method_check check (method in ('rekisteröityminen', 'profiili', 'varauslomake'))`.execute(db);
}
