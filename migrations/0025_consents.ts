import { sql, type Kysely } from "kysely";

// Frozen once landed. The consent log (issue 29 item 4; DESIGN.md decision 27;
// docs/decisions/0033-consent-log.md):
//
// - consents: append-only, one row per act of giving or withdrawing. The subject is a signed-in
//   person (profile_id) or, for a guest, an e-mail address or a phone number (exactly one of the
//   three). The current state of a subject's purpose is its newest row (created_at, then id).
//   The purposes and the ways a consent was given are fixed by checks; text_version names the
//   exact wording shown (app/messages/consents.ts keeps every version).

const statements = [
  `create table consents (
    id bigint generated always as identity primary key,
    profile_id uuid references profiles (id) on delete cascade,
    email text,
    phone text,
    purpose text not null check (purpose in ('markkinointi', 'tekstiviestimuistutukset', 'tietojenkäsittely')),
    text_version text not null,
    given boolean not null,
    method text not null check (method in ('rekisteröityminen', 'profiili', 'varauslomake')),
    created_at timestamptz not null default now(),
    constraint consents_one_subject check (num_nonnulls(profile_id, email, phone) = 1)
  )`,
  `create index consents_profile_idx on consents (profile_id, purpose, created_at desc, id desc) where profile_id is not null`,
  `create index consents_email_idx on consents (email, purpose, created_at desc, id desc) where email is not null`,
  `create index consents_phone_idx on consents (phone, purpose, created_at desc, id desc) where phone is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists consents`.execute(db);
}
