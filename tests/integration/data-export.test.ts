import { sql } from "kysely";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { DATA_EXPORTS_PER_DAY, EXPORT_CSVS, EXPORTED_REFERENCES, NOT_EXPORTED_REFERENCES, exportedTables } from "~/domain/data-export";
import { action as customerPageAction } from "~/routes/backoffice.users.$customerId";
import { action as caregiverPageAction } from "~/routes/backoffice.caregivers.$caregiverId";
import { action as profileAction } from "~/routes/portal.profile";
import { loader as downloadLoader } from "~/routes/portal.tietoni.$token";
import { setTestClock } from "~/services/clock.server";
import { buildDataExport, queueDataExport } from "~/services/data-export.server";
import { issueStatement } from "~/services/household-statement.server";
import { runHousekeeping } from "~/services/housekeeping.server";
import { issueInvoice } from "~/services/invoices.server";
import { issueReceipt } from "~/services/receipts.server";
import { getStorage, newObjectKey } from "~/services/storage.server";
import { answerOf, contextFor, createTestUser, getRequest, lastEmailTo, postRequest, runQueuedJobs, sessionCookieFor, TEST_PASSWORD } from "./support/auth";
import { auditRows } from "./support/backoffice";
import { createTestOrder } from "./support/booking-fixtures";
import { signedInCustomer, signedInHelper, toastOf, type SignedIn } from "./support/portal";

// "Lataa tietoni" (issue 29 item 2; decision 0032): every table that refers to a person is in the
// export or on a commented list (walked from the database's own foreign keys), the ZIP's content,
// the password asked again, the link only for its owner and only for 7 days, the job safe to run
// twice, the limits, and staff's request for a person.

let db: DB;
let ipCounter = 0;

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => setTestClock(null));

function freshContext() {
  ipCounter += 1;
  return contextFor(`198.51.100.${100 + ipCounter}`);
}

function requestExport(person: SignedIn, password: string) {
  return answerOf(() =>
    profileAction({ request: postRequest("/portal/profile", { intent: "export", exportPassword: password }, person.cookie), params: {}, context: freshContext() }),
  );
}

async function exportRows(profileId: string) {
  return db.selectFrom("data_exports").selectAll().where("profile_id", "=", profileId).orderBy("created_at").execute();
}

/** The token of the newest export link e-mailed to `email`. */
async function linkTokenOf(email: string): Promise<string> {
  const mail = await lastEmailTo(email);
  const link = mail?.links.find((candidate) => new URL(candidate).pathname.startsWith("/portal/tietoni/"));
  if (!link) throw new Error(`no export link in ${JSON.stringify(mail?.links)}`);
  return decodeURIComponent(new URL(link).pathname.slice("/portal/tietoni/".length));
}

function download(token: string, cookie?: string) {
  return answerOf(() => downloadLoader({ request: getRequest(`/portal/tietoni/${token}`, cookie), params: { token }, context: contextFor() }));
}

/** A customer with an invoice (paid), an online payment with its receipt, a statement, a message and a review. */
async function customerWithHistory(email: string): Promise<SignedIn & { orderNumber: string }> {
  const person = await signedInCustomer(email, "Veera Viejä");
  const invoiced = await createTestOrder({ email, paymentMethod: "invoice", status: "completed", caregiverId: true, startsAt: new Date("2026-03-10T10:00:00Z") });
  await db.transaction().execute((trx) => issueInvoice(trx, invoiced.orderId, invoiced.totalPriceCents, new Date("2026-03-10T10:00:00Z")));
  const online = await createTestOrder({ email, paymentMethod: "online", status: "completed", caregiverId: invoiced.caregiverId!, startsAt: new Date("2026-04-10T10:00:00Z") });
  const capturedAt = new Date("2026-04-01T09:00:00Z");
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("payments").set({ status: "captured", captured_at: capturedAt }).where("id", "=", online.paymentId).execute();
    await issueReceipt(trx, online.paymentId, capturedAt);
  });
  await issueStatement(db, online.customerId, 2026, new Date("2026-06-01T09:00:00Z"));
  await db.insertInto("messages").values({ order_id: invoiced.orderId, sender_id: person.user.id, message_text: "Ovikoodi on 1234." }).execute();
  await db.insertInto("reviews").values({ order_id: online.orderId, caregiver_id: online.caregiverId!, customer_id: online.customerId, rating: 5, comment: "Kiitos!" }).execute();
  return { ...person, orderNumber: invoiced.orderNumber };
}

describe("every table that refers to a person", () => {
  it("is exported or on the commented list of what is left out (walked from the schema's foreign keys)", async () => {
    const { rows } = await sql<{ reference: string }>`
      select distinct referencing.relname || '.' || attribute.attname as reference
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
    const references = rows.map((row) => row.reference);
    // Sanity: the walk sees the tables it must.
    expect(references).toEqual(expect.arrayContaining(["orders.customer_id", "customers.profile_id", "messages.sender_id"]));
    const covered = new Set<string>([...EXPORTED_REFERENCES, ...Object.keys(NOT_EXPORTED_REFERENCES)]);
    const forgotten = references.filter((reference) => !covered.has(reference));
    expect(forgotten, "a column refers to a person but is neither exported nor listed in NOT_EXPORTED_REFERENCES").toEqual([]);
    // And the lists name nothing the schema does not have.
    expect([...covered].filter((reference) => !references.includes(reference))).toEqual([]);
    // Every ignored column has its reason written down.
    for (const reason of Object.values(NOT_EXPORTED_REFERENCES)) expect(reason.length).toBeGreaterThan(10);
  });
});

describe("a customer's own export", () => {
  it("asks for the password again and refuses a wrong one", async () => {
    const person = await signedInCustomer("vienti-vaara@example.fi");
    const wrong = await requestExport(person, "EiOleOikea123");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.data)).toContain("exportPassword");
    const empty = await requestExport(person, "");
    expect(empty.status).toBe(400);
    expect(await exportRows(person.user.id)).toEqual([]);
  });

  it("queues a job, e-mails a link, and the ZIP holds data.json, the CSVs, the PDFs", async () => {
    const person = await customerWithHistory("vienti-asiakas@example.fi");
    const asked = await requestExport(person, TEST_PASSWORD);
    expect(asked.location).toBe("/portal/profile");
    expect(await toastOf(asked)).toMatchObject({ type: "success", title: "Pyyntö vastaanotettu" });
    expect(await exportRows(person.user.id)).toMatchObject([{ status: "pending", token_hash: null }]);

    // One waiting request at a time.
    const again = await requestExport(person, TEST_PASSWORD);
    expect(again.status).toBe(429);
    expect(JSON.stringify(again.data)).toContain("käsittelyssä");

    await runQueuedJobs();
    const [ready] = await exportRows(person.user.id);
    expect(ready).toMatchObject({ status: "ready" });
    expect(ready!.expires_at!.getTime() - ready!.ready_at!.getTime()).toBe(7 * 24 * 3_600_000);
    const token = await linkTokenOf(person.user.email);
    // Only the hash of the link's token is kept.
    expect(ready!.token_hash).not.toContain(token);

    const answer = await download(token, person.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/zip");
    expect(answer.headers.get("Cache-Control")).toContain("no-store");
    const files = unzipSync(new Uint8Array(await answer.response!.arrayBuffer()));
    const names = Object.keys(files);

    const data = JSON.parse(strFromU8(files["data.json"]!));
    expect(data.schemaVersion).toBe(1);
    expect(Object.keys(data.tables)).toEqual(exportedTables());
    expect(data.tables.profiles[0]).toMatchObject({ email: person.user.email, full_name: "Veera Viejä" });
    expect(data.tables.profiles[0]).not.toHaveProperty("password_hash");
    expect(data.tables.orders).toHaveLength(2);
    expect(data.tables.messages[0]).toMatchObject({ message_text: "Ovikoodi on 1234." });
    expect(data.tables.reviews[0]).toMatchObject({ rating: 5, comment: "Kiitos!" });
    expect(data.tables.receipts).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain("$argon2");

    for (const csv of EXPORT_CSVS) expect(names).toContain(csv.fileName);
    const ordersCsv = strFromU8(files["tilaukset.csv"]!).replace(/^\uFEFF/, "").split("\r\n");
    expect(ordersCsv[0]!.split(";")).toEqual(expect.arrayContaining(["order_number", "total_price_eur", "starts_at"]));
    expect(ordersCsv.filter((line) => line.includes(person.orderNumber))).toHaveLength(1);
    expect(strFromU8(files["viestit.csv"]!)).toContain("Ovikoodi on 1234.");
    // A table without rows still has its header.
    expect(strFromU8(files["tilitykset.csv"]!).replace(/^\uFEFF/, "").split(";")).toContain("caregiver_id");

    const pdfs = names.filter((name) => name.endsWith(".pdf"));
    expect(pdfs.some((name) => name.startsWith("laskut/"))).toBe(true);
    expect(pdfs.some((name) => name.startsWith("kuitit/"))).toBe(true);
    expect(pdfs.some((name) => name.startsWith("verotiedot/kotitalousvahennys-2026-"))).toBe(true);
    for (const pdf of pdfs) expect(strFromU8(files[pdf]!.subarray(0, 5))).toBe("%PDF-");
  });

  it("works only for the same person signed in, and only for 7 days; housekeeping deletes it then", async () => {
    const person = await signedInCustomer("vienti-linkki@example.fi");
    expect((await requestExport(person, TEST_PASSWORD)).location).toBe("/portal/profile");
    await runQueuedJobs();
    const token = await linkTokenOf(person.user.email);

    const stranger = await signedInCustomer("vienti-vieras@example.fi");
    expect((await download(token, stranger.cookie)).status).toBe(404);
    const signedOut = await download(token);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/auth\?redirectTo=/);
    expect((await download(`${token}x`, person.cookie)).status).toBe(404);
    expect((await download(token, person.cookie)).status).toBe(200);

    const [ready] = await exportRows(person.user.id);
    setTestClock(new Date(ready!.expires_at!.getTime() - 60_000));
    expect((await download(token, person.cookie)).status).toBe(200);
    expect((await runHousekeeping(db)).dataExports).toBe(0);
    setTestClock(new Date(ready!.expires_at!.getTime() + 60_000));
    expect((await download(token, person.cookie)).status).toBe(410);
    expect((await runHousekeeping(db)).dataExports).toBeGreaterThanOrEqual(1);
    expect(await exportRows(person.user.id)).toEqual([]);
    expect(await getStorage().get(ready!.object_key!)).toBeNull();
    expect((await download(token, person.cookie)).status).toBe(404);
  });

  it(`allows ${DATA_EXPORTS_PER_DAY} requests a day`, async () => {
    const person = await signedInCustomer("vienti-raja@example.fi");
    for (let round = 0; round < DATA_EXPORTS_PER_DAY; round += 1) {
      expect((await requestExport(person, TEST_PASSWORD)).location).toBe("/portal/profile");
      await runQueuedJobs();
    }
    const refused = await requestExport(person, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain("useita kertoja");
    setTestClock(new Date(Date.now() + 25 * 3_600_000));
    expect((await requestExport(person, TEST_PASSWORD)).location).toBe("/portal/profile");
  });
});

describe("the job", () => {
  it("builds one ZIP and sends one e-mail when two workers run it at once", async () => {
    const person = await signedInCustomer("vienti-kaksi@example.fi");
    const outcome = await db.transaction().execute((trx) => queueDataExport(trx, { profileId: person.user.id, requestedBy: person.user.id }));
    if (!outcome.ok) throw new Error("not queued");
    await Promise.all([buildDataExport(db, outcome.exportId), buildDataExport(db, outcome.exportId)]);
    await buildDataExport(db, outcome.exportId);
    const rows = await exportRows(person.user.id);
    expect(rows).toMatchObject([{ status: "ready" }]);
    const mails = await db.selectFrom("emails").select("subject").where("to_address", "=", person.user.email).execute();
    expect(mails).toHaveLength(1);
    const zips = await db.selectFrom("stored_objects").select("key").where("key", "like", "export-%").execute();
    expect(zips.map((row) => row.key)).toContain(rows[0]!.object_key);
    // The loser's ZIP was deleted: every stored export belongs to a row.
    const keys = (await db.selectFrom("data_exports").select("object_key").execute()).map((row) => row.object_key);
    expect(zips.filter((row) => !keys.includes(row.key))).toEqual([]);
  });

  it("puts the helper's photo in the helper's export", async () => {
    const helper = await signedInHelper("vienti-kaveri@example.fi");
    const key = newObjectKey("photo", "jpg");
    await getStorage().put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), "image/jpeg");
    await db.updateTable("caregivers").set({ profile_image_url: `/kuvat/${key}` }).where("id", "=", helper.caregiverId).execute();
    await db.updateTable("caregivers").set({ status: "approved" }).where("id", "=", helper.caregiverId).execute();
    const outcome = await db.transaction().execute((trx) => queueDataExport(trx, { profileId: helper.user.id, requestedBy: helper.user.id }));
    if (!outcome.ok) throw new Error("not queued");
    await buildDataExport(db, outcome.exportId);
    const answer = await download(await linkTokenOf(helper.user.email), await sessionCookieFor(helper.user));
    const files = unzipSync(new Uint8Array(await answer.response!.arrayBuffer()));
    expect([...files["kuva.jpg"]!]).toEqual([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(JSON.parse(strFromU8(files["data.json"]!)).tables.caregivers[0]).toMatchObject({ id: helper.caregiverId });
  });
});

describe("staff's request for a person", () => {
  it("is an admin's POST on the customer's and the helper's page, audit-logged; a moderator may not", async () => {
    const admin = await createTestUser({ email: "vienti-admin@example.fi", role: "admin" });
    const moderator = await createTestUser({ email: "vienti-moderaattori@example.fi", role: "moderator" });
    const customer = await createTestUser({ email: "vienti-pyydetty@example.fi" });
    const customerId = (await db.selectFrom("customers").select("id").where("profile_id", "=", customer.id).executeTakeFirstOrThrow()).id;
    const path = `/backoffice/users/${customerId}`;
    const post = async (cookie: string) =>
      answerOf(() => customerPageAction({ request: postRequest(path, { intent: "data-export" }, cookie), params: { customerId }, context: contextFor() }));

    expect((await post(await sessionCookieFor(moderator))).status).toBe(403);
    expect(await exportRows(customer.id)).toEqual([]);

    const done = await post(await sessionCookieFor(admin));
    expect(done.location).toBe(path);
    expect(await toastOf(done)).toMatchObject({ type: "success" });
    expect(await exportRows(customer.id)).toMatchObject([{ status: "pending", requested_by: admin.id }]);
    expect(await auditRows("customer", customerId)).toMatchObject([{ action: "customer.data_export", actor_id: admin.id }]);
    await runQueuedJobs();
    // The link goes to the person, and works for them.
    expect((await download(await linkTokenOf(customer.email), await sessionCookieFor(customer))).status).toBe(200);

    const helper = await signedInHelper("vienti-kaveri-pyydetty@example.fi");
    const caregiverPath = `/backoffice/caregivers/${helper.caregiverId}`;
    const adminCookie = await sessionCookieFor(admin);
    const helperDone = await answerOf(() =>
      caregiverPageAction({ request: postRequest(caregiverPath, { intent: "data-export" }, adminCookie), params: { caregiverId: helper.caregiverId }, context: contextFor() }),
    );
    expect(helperDone.location).toBe(caregiverPath);
    expect(await auditRows("caregiver", helper.caregiverId)).toMatchObject([{ action: "caregiver.data_export" }]);
  });
});
