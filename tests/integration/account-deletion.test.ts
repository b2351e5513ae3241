import { sql } from "kysely";
import { recordConsent } from "~/models/consents.server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { ERASURE_OF_REFERENCES } from "~/domain/account-deletion";
import { action as signInAction } from "~/routes/auth._index";
import { loader as customerPageLoader } from "~/routes/backoffice.users.$customerId";
import { action as cancelLinkAction, loader as cancelLinkLoader } from "~/routes/peru-poisto.$token";
import { action as profileAction, loader as profileLoader } from "~/routes/portal.profile";
import { eraseDueAccount, findDeletionBlockers } from "~/services/account-deletion.server";
import { setTestClock } from "~/services/clock.server";
import { queueDataExport } from "~/services/data-export.server";
import { issueStatement } from "~/services/household-statement.server";
import { runHousekeeping } from "~/services/housekeeping.server";
import { issueInvoice } from "~/services/invoices.server";
import { cancelOrder } from "~/services/order-cancellation.server";
import { issueDueSeriesInvoices } from "~/services/series-invoices.server";
import { getStorage, newObjectKey } from "~/services/storage.server";
import { answerOf, contextFor, createTestUser, getRequest, lastEmailTo, postRequest, runQueuedJobs, sessionCookieFor, TEST_PASSWORD } from "./support/auth";
import { createTestOrder, pdfTextContent } from "./support/booking-fixtures";
import { paidInvoiceAndReceipt } from "./support/paid-history";
import { createInvoiceSeries } from "./support/series-invoices";
import { nextVisit, signedInCustomer, signedInHelper, toastOf, type SignedIn } from "./support/portal";

// "Poista tili" (issue 29 item 3; decision 0034): refused while visits are ahead or invoices
// open; a 7-day grace period with sign-in closed and a "Peru poisto" link; then the erasure, after
// which no row outside the accounting archive points at the person or carries their name, e-mail
// or phone (walked from the schema's own foreign keys and text columns); the archive purged after
// its date; the job safe with two workers.

let db: DB;
let ipCounter = 0;

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => setTestClock(null));

function freshContext() {
  ipCounter += 1;
  return contextFor(`198.51.100.${20 + ipCounter}`);
}

function requestDeletion(person: SignedIn, password: string, word = "poista") {
  return answerOf(() =>
    profileAction({
      request: postRequest("/portal/profile", { intent: "delete", deletePassword: password, deleteConfirmation: word }, person.cookie),
      params: {},
      context: freshContext(),
    }),
  );
}

function signIn(email: string) {
  return answerOf(() => signInAction({ request: postRequest("/auth?index", { intent: "signin", email, password: TEST_PASSWORD }), params: {}, context: freshContext() }));
}

async function deletionRows(profileId: string) {
  return db.selectFrom("account_deletions").selectAll().where("profile_id", "=", profileId).orderBy("requested_at").execute();
}

async function cancelTokenOf(email: string): Promise<string> {
  const mail = await lastEmailTo(email);
  const link = mail?.links.find((candidate) => new URL(candidate).pathname.startsWith("/peru-poisto/"));
  if (!link) throw new Error(`no cancel link in ${JSON.stringify(mail?.links)}`);
  return decodeURIComponent(new URL(link).pathname.slice("/peru-poisto/".length));
}

/** Past the grace period of the person's pending deletion, and every due job run. */
async function afterGracePeriod(profileId: string) {
  const [row] = (await deletionRows(profileId)).filter((candidate) => candidate.status === "pending");
  setTestClock(new Date(row!.delete_after.getTime() + 60_000));
  await runQueuedJobs();
}

/** A customer with a paid invoice, a receipted online payment, a statement, a message, a review, a saved recipient and an export. */
async function customerWithHistory(email: string, fullName: string, phone: string) {
  const person = await signedInCustomer(email, fullName);
  await db.updateTable("profiles").set({ phone }).where("id", "=", person.user.id).execute();
  const { invoiced, online } = await paidInvoiceAndReceipt(email, phone);
  await issueStatement(db, online.customerId, 2026, new Date("2026-06-01T09:00:00Z"));
  await db.insertInto("messages").values({ order_id: invoiced.orderId, sender_id: person.user.id, message_text: `Terveisin ${fullName}, ${phone}` }).execute();
  await db.insertInto("reviews").values({ order_id: online.orderId, caregiver_id: online.caregiverId!, customer_id: online.customerId, rating: 5, comment: "Kiitos avusta!" }).execute();
  await db
    .insertInto("saved_recipients")
    .values({ owner_id: person.user.id, first_name: "Aili", last_name: "Poistuvan-Äiti", phone: "0409998887", address: "Äidinkatu 1", postal_code: "00100", city: "Helsinki" })
    .execute();
  await db.insertInto("notifications").values({ user_id: person.user.id, type: "order", title: "Tilaus vahvistettu" }).execute();
  // A text reminder to their number, and the consent log under the account and the number.
  await db.updateTable("orders").set({ sms_reminder: true, sms_phone: phone }).where("id", "=", invoiced.orderId).execute();
  await db.insertInto("text_messages").values({ to_phone: phone, body: "Arkikaveri: kaveri tulee huomenna", segments: 1 }).execute();
  for (const subject of [{ profileId: person.user.id }, { phone }]) {
    await recordConsent(db, { subject, purpose: "tekstiviestimuistutukset", given: true, textVersion: "tekstiviestimuistutukset-1", method: "varauslomake" });
  }
  await db.insertInto("contact_requests").values({ full_name: fullName, phone, email, city: "Helsinki", profile_id: person.user.id }).execute();
  const exported = await db.transaction().execute((trx) => queueDataExport(trx, { profileId: person.user.id, requestedBy: person.user.id }));
  expect(exported.ok).toBe(true);
  await runQueuedJobs();
  return { ...person, customerId: online.customerId, orderIds: [invoiced.orderId, online.orderId] };
}

/** Columns that point at profiles, customers or caregivers, as the database's foreign keys say. */
async function personReferences() {
  const { rows } = await sql<{ reference: string; referenced: string }>`
    select distinct referencing.relname || '.' || attribute.attname as reference, referenced.relname as referenced
    from pg_constraint constraint_
    join pg_class referencing on referencing.oid = constraint_.conrelid
    join pg_class referenced on referenced.oid = constraint_.confrelid
    join pg_namespace namespace on namespace.oid = referencing.relnamespace
    join lateral unnest(constraint_.conkey) as key(attnum) on true
    join pg_attribute attribute on attribute.attrelid = constraint_.conrelid and attribute.attnum = key.attnum
    where constraint_.contype = 'f'
      and namespace.nspname = current_schema()
      and referenced.relname in ('profiles', 'customers', 'caregivers')
    order by 1`.execute(db);
  return rows;
}

/** Every column of every table that can hold text (text, varchar, json, jsonb, arrays of text). */
async function textColumns() {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema()
      and t.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'json', 'jsonb', 'character') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
    order by 1, 2`.execute(db);
  return rows;
}

/** Where `needle` still appears (case-insensitively) outside the accounting archive: "table.column" per hit. */
async function whereMentioned(needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of await textColumns()) {
    if (table === "accounting_archive" || table === "kysely_migration" || table === "kysely_migration_lock") continue;
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where position(${needle.toLowerCase()} in lower(${sql.ref(column)}::text)) > 0`.execute(db);
    if (Number(rows[0]!.n) > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

describe("every table that refers to a person", () => {
  it("has its erasure written down (walked from the schema's foreign keys)", async () => {
    const references = (await personReferences()).map((row) => row.reference);
    expect(references).toEqual(expect.arrayContaining(["orders.customer_id", "account_deletions.profile_id", "messages.sender_id"]));
    const listed = Object.keys(ERASURE_OF_REFERENCES);
    expect(references.filter((reference) => !listed.includes(reference)), "a column refers to a person but ERASURE_OF_REFERENCES does not say what the erasure does with it").toEqual([]);
    expect(listed.filter((reference) => !references.includes(reference))).toEqual([]);
    for (const { why } of Object.values(ERASURE_OF_REFERENCES)) expect(why.length).toBeGreaterThan(5);
  });
});

describe("asking to delete the account", () => {
  it("asks for the password and the word POISTA", async () => {
    const person = await signedInCustomer("poisto-vaara@example.fi");
    const wrong = await requestDeletion(person, "EiOleOikea123");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("deletePassword");
    const noWord = await requestDeletion(person, TEST_PASSWORD, "poistakaa");
    expect(noWord.status).toBe(400);
    expect(JSON.stringify(noWord.data)).toContain("Kirjoita sana POISTA");
    expect(await deletionRows(person.user.id)).toEqual([]);
  });

  it("is refused while a visit is ahead or an invoice open, lists them, and 'Peru kaikki tulevat käynnit' cancels the visits", async () => {
    const email = "poisto-estetty@example.fi";
    const person = await signedInCustomer(email, "Eero Estetty");
    const future = await createTestOrder({ email, paymentMethod: "online", status: "pending", caregiverId: true, startsAt: nextVisit() });
    const unpaid = await createTestOrder({ email, paymentMethod: "invoice", status: "completed", caregiverId: future.caregiverId!, startsAt: new Date("2026-02-10T10:00:00Z") });
    await db.transaction().execute((trx) => issueInvoice(trx, unpaid.orderId, unpaid.totalPriceCents, new Date("2026-02-10T10:00:00Z")));

    const page = await answerOf(() => profileLoader({ request: getRequest("/portal/profile", person.cookie), params: {}, context: freshContext() }));
    const deletion = (page.data as { deletion: { visits: { line: string }[]; invoices: { line: string }[] } }).deletion;
    expect(deletion.visits.map((visit) => visit.line)).toEqual([expect.stringContaining(future.orderNumber)]);
    expect(deletion.invoices.map((invoice) => invoice.line)).toEqual([expect.stringContaining(unpaid.orderNumber)]);

    const refused = await requestDeletion(person, TEST_PASSWORD);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("tulevia käyntejä tai maksamattomia laskuja");
    expect(await deletionRows(person.user.id)).toEqual([]);

    const cancelled = await answerOf(() => profileAction({ request: postRequest("/portal/profile", { intent: "cancel-visits" }, person.cookie), params: {}, context: freshContext() }));
    expect(cancelled.location).toBe("/portal/profile#poista-tili");
    expect(await toastOf(cancelled)).toMatchObject({ type: "success", title: "1 käynti peruttu" });
    expect((await db.selectFrom("orders").select("status").where("id", "=", future.orderId).executeTakeFirstOrThrow()).status).toBe("cancelled");

    // The invoice still stands in the way until it is paid.
    expect((await requestDeletion(person, TEST_PASSWORD)).status).toBe(409);
    await db.updateTable("invoices").set({ status: "paid", paid_at: new Date() }).where("order_id", "=", unpaid.orderId).execute();
    expect((await requestDeletion(person, TEST_PASSWORD)).location).toBe("/");
  });
});

describe("the grace period", () => {
  it("signs the person out, keeps sign-in closed, and the e-mailed link cancels the deletion", async () => {
    const email = "poisto-peruttu@example.fi";
    const person = await signedInCustomer(email, "Pertti Perunut");
    const asked = await requestDeletion(person, TEST_PASSWORD);
    expect(asked.location).toBe("/");
    expect(await toastOf(asked)).toMatchObject({ type: "success", title: "Tilisi poistetaan" });
    const [pending] = await deletionRows(person.user.id);
    expect(pending).toMatchObject({ status: "pending" });
    expect(pending!.delete_after.getTime() - pending!.requested_at.getTime()).toBe(7 * 24 * 3_600_000);
    // Signed out everywhere.
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", person.user.id).execute()).toEqual([]);
    const profilePage = await answerOf(() => profileLoader({ request: getRequest("/portal/profile", person.cookie), params: {}, context: freshContext() }));
    expect(profilePage.status).toBe(302);

    // Sign-in is refused, with the date, once the password is right.
    const refused = await signIn(email);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain("merkitty poistettavaksi");

    // Staff see it on the customer's page.
    const admin = await createTestUser({ email: "poisto-admin@example.fi", role: "admin" });
    const customerId = (await db.selectFrom("customers").select("id").where("profile_id", "=", person.user.id).executeTakeFirstOrThrow()).id;
    const adminCookie = await sessionCookieFor(admin);
    const staffPage = await answerOf(() =>
      customerPageLoader({ request: getRequest(`/backoffice/users/${customerId}`, adminCookie), params: { customerId }, context: freshContext() }),
    );
    expect((staffPage.data as { deletionNotice: string }).deletionNotice).toContain("pyytänyt tilin poistoa");

    // Only the hash of the link's token is kept; GET shows, POST cancels.
    const token = await cancelTokenOf(email);
    expect(pending!.token_hash).not.toContain(token);
    const shown = await answerOf(() => cancelLinkLoader({ request: getRequest(`/peru-poisto/${token}`), params: { token }, context: freshContext() }));
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({ state: "pending" });
    expect((await deletionRows(person.user.id))[0]).toMatchObject({ status: "pending" });
    const wrong = await answerOf(() => cancelLinkLoader({ request: getRequest(`/peru-poisto/x${token}`), params: { token: `x${token}` }, context: freshContext() }));
    expect(wrong.status).toBe(404);

    const cancel = await answerOf(() => cancelLinkAction({ request: postRequest(`/peru-poisto/${token}`, {}), params: { token }, context: freshContext() }));
    expect(cancel.location).toBe("/auth");
    expect(await toastOf(cancel)).toMatchObject({ type: "success", title: "Poisto peruttu" });
    expect((await deletionRows(person.user.id))[0]).toMatchObject({ status: "cancelled" });
    expect((await signIn(email)).status).toBe(302);

    // The job, when its time comes, erases nothing.
    setTestClock(new Date(pending!.delete_after.getTime() + 60_000));
    await runQueuedJobs();
    const profile = await db.selectFrom("profiles").select(["email", "deleted_at"]).where("id", "=", person.user.id).executeTakeFirstOrThrow();
    expect(profile).toEqual({ email, deleted_at: null });
  });
});

describe("after the grace period", () => {
  it("no personal data of a customer remains outside the accounting archive", async () => {
    const email = "poisto-asiakas@example.fi";
    const fullName = "Onerva Poistuva";
    const phone = "+358407654321";
    const person = await customerWithHistory(email, fullName, phone);
    // Before: the walk finds them, so finding nothing afterwards means something.
    expect(await whereMentioned(email)).toEqual(expect.arrayContaining(["profiles.email", "emails.to_address"]));
    expect(await whereMentioned(fullName)).toEqual(expect.arrayContaining(["profiles.full_name", "messages.message_text", "contact_requests.full_name"]));
    expect(await whereMentioned(phone)).toEqual(expect.arrayContaining(["consents.phone", "orders.sms_phone", "text_messages.to_phone"]));

    expect((await requestDeletion(person, TEST_PASSWORD)).location).toBe("/");
    await afterGracePeriod(person.user.id);
    expect((await deletionRows(person.user.id))[0]).toMatchObject({ status: "done" });

    expect(await whereMentioned(email)).toEqual([]);
    expect(await whereMentioned(fullName)).toEqual([]);
    expect(await whereMentioned(phone)).toEqual([]);
    expect(await whereMentioned("Kotikatu 3 B 7")).toEqual([]);
    expect(await whereMentioned("Poistuvan-Äiti")).toEqual([]);

    // Nothing of theirs is left in the tables the erasure deletes from or unlinks.
    const ids: Record<string, string> = { profiles: person.user.id, customers: person.customerId };
    for (const { reference, referenced } of await personReferences()) {
      const { erasure } = ERASURE_OF_REFERENCES[reference]!;
      if (erasure === "anonymised" || !ids[referenced]) continue;
      const [table, column] = reference.split(".") as [string, string];
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${ids[referenced]}`.execute(db);
      expect(Number(rows[0]!.n), reference).toBe(0);
    }

    // Orders stay for statistics, with the postal code and the city.
    const orders = await db.selectFrom("orders").select(["postal_code", "city", "address", "contact_phone"]).where("id", "in", person.orderIds).execute();
    expect(orders).toHaveLength(2);
    for (const order of orders) expect(order).toMatchObject({ address: "", contact_phone: null, city: expect.any(String), postal_code: expect.stringMatching(/^\d{5}$/) });
    // The review stays, unattributed (the tombstone has no name).
    expect(await db.selectFrom("reviews").select("comment").where("customer_id", "=", person.customerId).execute()).toEqual([{ comment: "Kiitos avusta!" }]);
    // The money documents are in the archive as they were, with the PDFs, until the end of 2032.
    const archive = await db.selectFrom("accounting_archive").select(["kind", "purge_after", "pdf", "data"]).where(sql`data->'party'->>'email'`, "=", email).execute();
    expect(archive.map((row) => row.kind).sort()).toEqual(["household_statement", "invoice", "payment", "payment", "receipt"]);
    for (const row of archive) expect(row.purge_after).toBe("2032-12-31");
    for (const kind of ["invoice", "receipt", "household_statement"]) {
      const pdf = archive.find((row) => row.kind === kind)!.pdf!;
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    }
    expect(archive[0]!.data).toMatchObject({ party: { fullName, phone } });
    // And nobody can sign in with the old address.
    expect((await signIn(email)).status).toBe(401);
  });

  it("erases a helper: photo, profile and login go, payouts are archived, sign-in is gone", async () => {
    const email = "poisto-kaveri@example.fi";
    const fullName = "Hilkka Lähtevä";
    const helper = await signedInHelper(email, fullName);
    const key = newObjectKey("photo", "jpg");
    await getStorage().put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9]), "image/jpeg");
    await db.updateTable("caregivers").set({ profile_image_url: `/kuvat/${key}`, bio: `Olen ${fullName}.` }).where("id", "=", helper.caregiverId).execute();
    const visit = await createTestOrder({ paymentMethod: "online", status: "completed", caregiverId: helper.caregiverId, startsAt: new Date("2026-05-05T08:00:00Z") });
    await db.insertInto("payouts").values({ order_id: visit.orderId, caregiver_id: helper.caregiverId, amount_cents: 4000, status: "paid", paid_at: new Date("2026-05-20T08:00:00Z") }).execute();
    await db.insertInto("messages").values({ order_id: visit.orderId, sender_id: helper.user.id, message_text: `Tulen klo 10, ${fullName}` }).execute();
    await db.insertInto("caregiver_weekly_hours").values({ caregiver_id: helper.caregiverId, weekday: 1, start_minute: 540, end_minute: 900 }).execute();
    await db.insertInto("caregiver_availability_exceptions").values({ caregiver_id: helper.caregiverId, kind: "away", starts_on: "2026-12-22", ends_on: "2027-01-06" }).execute();

    expect((await requestDeletion(helper, TEST_PASSWORD)).location).toBe("/");
    await afterGracePeriod(helper.user.id);

    // Their working hours and days away go with them.
    for (const table of ["caregiver_weekly_hours", "caregiver_availability_exceptions"] as const) {
      expect(await db.selectFrom(table).select("id").where("caregiver_id", "=", helper.caregiverId).execute(), table).toEqual([]);
    }

    expect(await whereMentioned(email)).toEqual([]);
    expect(await whereMentioned(fullName)).toEqual([]);
    expect(await getStorage().get(key)).toBeNull();
    const caregiver = await db.selectFrom("caregivers").select(["status", "bio", "profile_image_url"]).where("id", "=", helper.caregiverId).executeTakeFirstOrThrow();
    expect(caregiver).toEqual({ status: "suspended", bio: "", profile_image_url: null });
    // The customer's visit stays, with its helper's (anonymous) row.
    expect((await db.selectFrom("orders").select("caregiver_id").where("id", "=", visit.orderId).executeTakeFirstOrThrow()).caregiver_id).toBe(helper.caregiverId);
    const archived = await db.selectFrom("accounting_archive").select(["kind", "purge_after", "data"]).where(sql`data->'party'->>'email'`, "=", email).execute();
    expect(archived).toMatchObject([{ kind: "payout", purge_after: "2032-12-31", data: { document: { amount_cents: 4000 } } }]);
    expect((await signIn(email)).status).toBe(401);
  });

  it("erases once when two workers run the job at the same time", async () => {
    const email = "poisto-kaksi@example.fi";
    const person = await customerWithHistory(email, "Kaisu Kahdesti", "+358401112223");
    expect((await requestDeletion(person, TEST_PASSWORD)).location).toBe("/");
    const [pending] = await deletionRows(person.user.id);
    const at = new Date(pending!.delete_after.getTime() + 60_000);
    // Not before its time.
    expect(await eraseDueAccount(db, pending!.id, new Date(pending!.delete_after.getTime() - 60_000))).toBe("not_due");
    const outcomes = await Promise.all([eraseDueAccount(db, pending!.id, at), eraseDueAccount(db, pending!.id, at)]);
    expect(outcomes.sort()).toEqual(["erased", "not_due"]);
    expect(await eraseDueAccount(db, pending!.id, at)).toBe("not_due");
    const archived = await db.selectFrom("accounting_archive").select("kind").where(sql`data->'party'->>'email'`, "=", email).execute();
    expect(archived).toHaveLength(5);
    const audit = await db.selectFrom("audit_log").select("action").where("entity_id", "=", person.user.id).where("action", "=", "account.erased").execute();
    expect(audit).toHaveLength(1);
  });
});

describe("the accounting archive", () => {
  it("is purged by housekeeping after the end of the sixth year, not before", async () => {
    const email = "poisto-arkisto@example.fi";
    const person = await customerWithHistory(email, "Arja Arkistoitu", "+358405556667");
    expect((await requestDeletion(person, TEST_PASSWORD)).location).toBe("/");
    await afterGracePeriod(person.user.id);
    const archived = () => db.selectFrom("accounting_archive").select("id").where(sql`data->'party'->>'email'`, "=", email).execute();
    expect(await archived()).toHaveLength(5);

    setTestClock(new Date("2032-12-31T20:00:00Z")); // 22.00 in Helsinki, the last day
    await runHousekeeping(db);
    expect(await archived()).toHaveLength(5);
    setTestClock(new Date("2032-12-31T22:30:00Z")); // 1 January 2033 in Helsinki
    expect((await runHousekeeping(db)).archivedDocuments).toBeGreaterThanOrEqual(5);
    expect(await archived()).toEqual([]);
  });
});

describe("the accounting archive of a series' monthly invoices", () => {
  it("keeps the monthly invoice and its line's credit note with their PDFs to the end of their sixth year, once, and the live rows name nobody", async () => {
    const email = "poisto-sarja@example.fi";
    const fullName = "Saara Sarjalainen";
    const phone = "+358408887776";
    const person = await signedInCustomer(email, fullName);
    await db.updateTable("profiles").set({ phone }).where("id", "=", person.user.id).execute();
    const admin = await createTestUser({ email: "poisto-sarja-admin@example.fi", role: "admin" });
    // January 2027, so the retention (end of 2033) differs from the other tests' 2026 documents.
    const series = await createInvoiceSeries([new Date("2027-01-05T08:00:00Z"), new Date("2027-01-12T08:00:00Z")], { owner: { id: person.user.id, email } });
    // A street address of their own: the fixtures' default one is other customers' too.
    const street = "Sarjapolku 12 A 3";
    await db.updateTable("customers").set({ address: street }).where("id", "=", series.customerId).execute();
    await db.updateTable("orders").set({ address: street }).where("series_id", "=", series.seriesId).execute();
    const [issued] = await db.transaction().execute((trx) => issueDueSeriesInvoices(trx, series.seriesId, new Date("2027-01-02T09:00:00Z")));
    const cancelled = await cancelOrder(db, { actor: { id: admin.id, ip: null } }, series.visits[1]!.orderId, new Date("2027-01-06T10:00:00Z"));
    if (!cancelled.ok || !cancelled.creditNote) throw new Error("the invoiced visit got no credit note");
    const noteNumber = cancelled.creditNote.creditNoteNumber;
    // Unpaid, the monthly invoice blocks the deletion like a single one, for what is left of it.
    const issuedRow = await db.selectFrom("series_invoices").select(["invoice_number", "amount_cents", "due_date"]).where("id", "=", issued!.invoiceId).executeTakeFirstOrThrow();
    const credited = await db.selectFrom("series_invoice_lines").select(sql<number>`coalesce(sum(credited_cents), 0)::int`.as("sum")).where("series_invoice_id", "=", issued!.invoiceId).executeTakeFirstOrThrow();
    expect(credited.sum).toBeGreaterThan(0);
    const blocked = await findDeletionBlockers(db, person.user.id, new Date("2027-01-20T10:00:00Z"));
    expect(blocked.invoices).toEqual([{ invoiceNumber: issuedRow.invoice_number, of: { month: "2027-01-01" }, amountCents: issuedRow.amount_cents - credited.sum, dueDate: issuedRow.due_date }]);
    await db.updateTable("series_invoices").set({ status: "paid", paid_at: new Date("2027-01-15T10:00:00Z") }).where("id", "=", issued!.invoiceId).execute();
    expect((await findDeletionBlockers(db, person.user.id, new Date("2027-01-20T10:00:00Z"))).invoices).toEqual([]);
    const liveBefore = {
      invoice: await db.selectFrom("series_invoices").selectAll().where("id", "=", issued!.invoiceId).executeTakeFirstOrThrow(),
      lines: await db.selectFrom("series_invoice_lines").selectAll().where("series_invoice_id", "=", issued!.invoiceId).orderBy("created_at").orderBy("id").execute(),
      note: await db.selectFrom("credit_notes").selectAll().where("credit_note_number", "=", noteNumber).executeTakeFirstOrThrow(),
    };
    expect(liveBefore.note).toMatchObject({ invoice_id: null, series_invoice_line_id: expect.any(String) });

    // Before: the walk finds them, so finding nothing afterwards means something.
    expect(await whereMentioned(street)).toEqual(expect.arrayContaining(["customers.address", "orders.address"]));
    expect(await whereMentioned(fullName)).toEqual(expect.arrayContaining(["profiles.full_name"]));

    setTestClock(new Date("2027-01-20T10:00:00Z"));
    expect((await requestDeletion(person, TEST_PASSWORD)).location).toBe("/");
    const [pending] = await deletionRows(person.user.id);
    const at = new Date(pending!.delete_after.getTime() + 60_000);
    // Two workers at once, then a third run: archived once.
    expect((await Promise.all([eraseDueAccount(db, pending!.id, at), eraseDueAccount(db, pending!.id, at)])).sort()).toEqual(["erased", "not_due"]);
    expect(await eraseDueAccount(db, pending!.id, at)).toBe("not_due");

    const archive = await db
      .selectFrom("accounting_archive")
      .select(["kind", "source_id", "document_date", "purge_after", "pdf", "data"])
      .where(sql`data->'party'->>'email'`, "=", email)
      .orderBy("kind")
      .execute();
    expect(archive.map((row) => [row.kind, row.source_id, row.document_date, row.purge_after])).toEqual([
      ["credit_note", liveBefore.note.id, "2027-01-06", "2033-12-31"],
      // The visits' payment rows (provider 'invoice'), dated when they were written.
      ["payment", expect.any(String), expect.any(String), expect.any(String)],
      ["payment", expect.any(String), expect.any(String), expect.any(String)],
      ["series_invoice", issued!.invoiceId, "2027-01-02", "2033-12-31"],
    ]);
    const [note, , , invoice] = archive;
    // The rows as they were, with the person's data beside them, like a single invoice's.
    expect(invoice!.data).toMatchObject({
      party: { fullName, email, phone },
      document: {
        invoice_number: issued!.invoiceNumber,
        amount_cents: liveBefore.invoice.amount_cents,
        status: "paid",
        lines: [
          { order_id: series.visits[0]!.orderId, order_number: series.visits[0]!.orderNumber, credited_cents: 0 },
          { order_id: series.visits[1]!.orderId, order_number: series.visits[1]!.orderNumber, credited_cents: liveBefore.lines.find((line) => line.order_id === series.visits[1]!.orderId)!.credited_cents },
        ],
      },
    });
    expect(note!.data).toMatchObject({
      party: { fullName, email },
      document: { credit_note_number: noteNumber, invoice_id: null, series_invoice_line_id: liveBefore.note.series_invoice_line_id, invoice_number: issued!.invoiceNumber, order_id: series.visits[1]!.orderId },
    });
    // The PDFs as the customer got them, drawn before the name went.
    const invoiceText = pdfTextContent(invoice!.pdf!);
    expect(invoiceText).toContain("LASKU");
    expect(invoiceText).toContain(String(issued!.invoiceNumber));
    expect(invoiceText).toContain(fullName);
    expect(invoiceText).toContain(street);
    expect(invoiceText).toContain(`Tilaus ${series.visits[1]!.orderNumber}`);
    const noteText = pdfTextContent(note!.pdf!);
    expect(noteText).toContain("HYVITYSLASKU");
    expect(noteText).toContain(String(noteNumber));
    expect(noteText).toContain(String(issued!.invoiceNumber));
    expect(noteText).toContain(fullName);

    // The live rows stay as they were (numbers and amounts for the books), and nothing names the person.
    expect(await db.selectFrom("series_invoices").selectAll().where("id", "=", issued!.invoiceId).executeTakeFirstOrThrow()).toEqual(liveBefore.invoice);
    expect(await db.selectFrom("series_invoice_lines").selectAll().where("series_invoice_id", "=", issued!.invoiceId).orderBy("created_at").orderBy("id").execute()).toEqual(liveBefore.lines);
    expect(await db.selectFrom("credit_notes").selectAll().where("id", "=", liveBefore.note.id).executeTakeFirstOrThrow()).toEqual(liveBefore.note);
    for (const needle of [email, fullName, phone, street]) expect(await whereMentioned(needle), needle).toEqual([]);
  });
});
