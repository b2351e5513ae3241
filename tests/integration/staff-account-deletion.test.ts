import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { action as caregiverPageAction, loader as caregiverPageLoader } from "~/routes/backoffice.caregivers.$caregiverId";
import { action as customerPageAction, loader as customerPageLoader } from "~/routes/backoffice.users.$customerId";
import { setTestClock } from "~/services/clock.server";
import { answerOf, contextFor, createTestUser, getRequest, lastEmailTo, postRequest, runQueuedJobs, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { nextVisit, signedInCustomer, signedInHelper, toastOf, type SignedIn } from "./support/portal";

// "Poista asiakkaan tiedot" and "Poista kaverin tiedot" (decision 0034): an admin asks for the
// deletion of a customer or a helper who phoned. The same request as the portal's (blockers,
// 7-day grace period, e-mailed cancel link, sign-out), with the admin's reason in the audit log on
// the person's record; moderators and support cannot.

let db: DB;
let adminCookie: string;
let moderatorCookie: string;
let supportCookie: string;

beforeAll(async () => {
  db = await getDb();
  adminCookie = await sessionCookieFor(await createTestUser({ email: "tpoisto-admin@example.fi", role: "admin" }));
  moderatorCookie = await sessionCookieFor(await createTestUser({ email: "tpoisto-moderaattori@example.fi", role: "moderator" }));
  supportCookie = await sessionCookieFor(await createTestUser({ email: "tpoisto-tuki@example.fi", role: "support" }));
});

afterEach(() => setTestClock(null));

async function customerIdOf(person: SignedIn): Promise<string> {
  return (await db.selectFrom("customers").select("id").where("profile_id", "=", person.user.id).executeTakeFirstOrThrow()).id;
}

function page(customerId: string, cookie: string) {
  return answerOf(() => customerPageLoader({ request: getRequest(`/backoffice/users/${customerId}`, cookie), params: { customerId }, context: contextFor() }));
}

function post(customerId: string, cookie: string, fields: Record<string, string>) {
  return answerOf(() => customerPageAction({ request: postRequest(`/backoffice/users/${customerId}`, fields, cookie), params: { customerId }, context: contextFor() }));
}

function askDeletion(customerId: string, cookie: string, reason = "Asiakas pyysi puhelimessa 28.11.", word = "poista") {
  return post(customerId, cookie, { intent: "delete-account", reason, deleteConfirmation: word });
}

async function deletionRows(profileId: string) {
  return db.selectFrom("account_deletions").selectAll().where("profile_id", "=", profileId).orderBy("requested_at").execute();
}

async function auditOf(entityId: string, action: string, entityType: "customer" | "caregiver" = "customer") {
  return db.selectFrom("audit_log").selectAll().where("entity_type", "=", entityType).where("entity_id", "=", entityId).where("action", "=", action).execute();
}

describe("an admin asking for a customer's deletion", () => {
  it("needs a reason and the word POISTA, then signs the person out, e-mails the cancel link, logs the reason, and the job erases after 7 days", async () => {
    const email = "tpoisto-asiakas@example.fi";
    const person = await signedInCustomer(email, "Aino Puhelin");
    const customerId = await customerIdOf(person);
    expect((await page(customerId, adminCookie)).data.deletion).toMatchObject({ kind: "form" });

    const wrongWord = await askDeletion(customerId, adminCookie, "Asiakas pyysi puhelimessa 28.11.", "poistakaa");
    expect(wrongWord.status).toBe(400);
    expect(wrongWord.data.result.error.deleteConfirmation).toEqual(["Kirjoita sana POISTA"]);
    const noReason = await askDeletion(customerId, adminCookie, "   ");
    expect(noReason.status).toBe(400);
    expect(noReason.data.result.error.reason).toEqual(["Kirjoita poiston syy."]);
    expect(await deletionRows(person.user.id)).toEqual([]);

    const asked = await askDeletion(customerId, adminCookie);
    expect(asked.location).toBe(`/backoffice/users/${customerId}`);
    expect(await toastOf(asked)).toMatchObject({ type: "success", title: "Tietojen poisto pyydetty" });
    const [pending] = await deletionRows(person.user.id);
    expect(pending).toMatchObject({ status: "pending" });
    expect(pending!.delete_after.getTime() - pending!.requested_at.getTime()).toBe(7 * 24 * 3_600_000);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", person.user.id).execute()).toEqual([]);
    const mail = await lastEmailTo(email);
    expect(mail?.subject).toBe("Tilisi poistetaan – Arkikaveri");
    // Written down by customer service, not "Pyysit tilisi poistoa" as if the person had pressed it.
    expect(mail?.text).toContain("Asiakaspalvelumme on kirjannut pyyntösi poistaa tilisi.");
    expect(mail?.links.some((link) => new URL(link).pathname.startsWith("/peru-poisto/"))).toBe(true);
    const [audit] = await auditOf(customerId, "customer.deletion_requested");
    expect(audit?.actor_id).not.toBeNull();
    expect(audit?.after).toMatchObject({ reason: "Asiakas pyysi puhelimessa 28.11." });

    // The page now tells the date and offers no second request.
    expect((await page(customerId, adminCookie)).data.deletion).toMatchObject({ kind: "pending", text: expect.stringContaining("voi perua") });
    expect((await askDeletion(customerId, adminCookie)).status).toBe(409);

    setTestClock(new Date(pending!.delete_after.getTime() + 60_000));
    await runQueuedJobs();
    const profile = await db.selectFrom("profiles").select(["email", "deleted_at"]).where("id", "=", person.user.id).executeTakeFirstOrThrow();
    expect(profile.deleted_at).not.toBeNull();
    expect(profile.email).not.toBe(email);
    expect((await deletionRows(person.user.id))[0]).toMatchObject({ status: "done" });
    expect((await page(customerId, adminCookie)).data.deletion).toBeNull();
  });

  it("is refused while a visit is ahead, listing it with the portal's line", async () => {
    const email = "tpoisto-estetty@example.fi";
    const person = await signedInCustomer(email, "Eino Estetty");
    const customerId = await customerIdOf(person);
    const future = await createTestOrder({ email, paymentMethod: "online", status: "pending", caregiverId: true, startsAt: nextVisit() });
    const shown = (await page(customerId, adminCookie)).data.deletion;
    expect(shown).toMatchObject({ kind: "blocked", visits: [{ line: expect.stringContaining(`Tilaus ${future.orderNumber}: `) }], invoices: [] });
    const refused = await askDeletion(customerId, adminCookie);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("tulevia käyntejä tai maksamattomia laskuja");
    expect(await deletionRows(person.user.id)).toEqual([]);
    expect(await auditOf(customerId, "customer.deletion_requested")).toEqual([]);
  });

  it("can be cancelled by staff, and the person can sign in again", async () => {
    const person = await signedInCustomer("tpoisto-peruttu@example.fi", "Paavo Peruja");
    const customerId = await customerIdOf(person);
    expect((await askDeletion(customerId, adminCookie)).status).toBe(302);
    const cancelled = await post(customerId, adminCookie, { intent: "cancel-deletion" });
    expect(await toastOf(cancelled)).toMatchObject({ type: "success", title: "Poisto peruttu" });
    expect((await deletionRows(person.user.id))[0]).toMatchObject({ status: "cancelled" });
    expect(await auditOf(customerId, "customer.deletion_cancelled")).toHaveLength(1);
    expect((await page(customerId, adminCookie)).data.deletion).toMatchObject({ kind: "form" });
    expect(await toastOf(await post(customerId, adminCookie, { intent: "cancel-deletion" }))).toMatchObject({ type: "info" });
  });
});

describe("other staff roles", () => {
  it("a moderator sees no section and is refused; support cannot open the page", async () => {
    const person = await signedInCustomer("tpoisto-rooli@example.fi", "Raili Rooli");
    const customerId = await customerIdOf(person);
    expect((await page(customerId, moderatorCookie)).data.deletion).toBeNull();
    expect((await askDeletion(customerId, moderatorCookie)).status).toBe(403);
    expect((await post(customerId, moderatorCookie, { intent: "cancel-deletion" })).status).toBe(403);
    expect((await askDeletion(customerId, supportCookie)).status).toBe(403);
    expect(await deletionRows(person.user.id)).toEqual([]);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", person.user.id).execute()).not.toEqual([]);
  });
});

describe("an admin asking for a helper's deletion", () => {
  const helperPage = (caregiverId: string, cookie: string) =>
    answerOf(() => caregiverPageLoader({ request: getRequest(`/backoffice/caregivers/${caregiverId}`, cookie), params: { caregiverId }, context: contextFor() }));
  const helperPost = (caregiverId: string, cookie: string, fields: Record<string, string>) =>
    answerOf(() => caregiverPageAction({ request: postRequest(`/backoffice/caregivers/${caregiverId}`, fields, cookie), params: { caregiverId }, context: contextFor() }));
  const askHelperDeletion = (caregiverId: string, cookie: string, word = "POISTA") =>
    helperPost(caregiverId, cookie, { intent: "delete-account", reason: "Kaveri pyysi puhelimessa 28.11.", deleteConfirmation: word });

  it("is refused while the helper has a visit ahead, then signs them out, e-mails the link, logs the reason on the helper and can be cancelled", async () => {
    const email = "tpoisto-kaveri@example.fi";
    const helper = await signedInHelper(email, "Kaisa Kaveri");
    const visit = await createTestOrder({ paymentMethod: "invoice", status: "pending", caregiverId: helper.caregiverId, startsAt: nextVisit() });
    expect((await helperPage(helper.caregiverId, adminCookie)).data.deletion).toMatchObject({
      subject: "caregiver",
      kind: "blocked",
      visits: [{ line: expect.stringContaining(`Tilaus ${visit.orderNumber}: `) }],
    });
    const refused = await askHelperDeletion(helper.caregiverId, adminCookie);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("Siirrä käynnit ensin toiselle kaverille.");
    expect(await deletionRows(helper.user.id)).toEqual([]);

    await db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", visit.orderId).execute();
    expect((await helperPage(helper.caregiverId, adminCookie)).data.deletion).toMatchObject({ subject: "caregiver", kind: "form" });
    const wrongWord = await askHelperDeletion(helper.caregiverId, adminCookie, "poistakaa");
    expect(wrongWord.status).toBe(400);
    expect(wrongWord.data.result.error.deleteConfirmation).toEqual(["Kirjoita sana POISTA"]);

    const asked = await askHelperDeletion(helper.caregiverId, adminCookie);
    expect(asked.location).toBe(`/backoffice/caregivers/${helper.caregiverId}`);
    expect(await toastOf(asked)).toMatchObject({ type: "success", title: "Tietojen poisto pyydetty", description: expect.stringContaining("Kaveri kirjattiin ulos") });
    expect((await deletionRows(helper.user.id))[0]).toMatchObject({ status: "pending" });
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", helper.user.id).execute()).toEqual([]);
    expect((await lastEmailTo(email))?.text).toContain("Asiakaspalvelumme on kirjannut pyyntösi poistaa tilisi.");
    const [audit] = await auditOf(helper.caregiverId, "caregiver.deletion_requested", "caregiver");
    expect(audit?.after).toMatchObject({ reason: "Kaveri pyysi puhelimessa 28.11." });
    expect((await helperPage(helper.caregiverId, adminCookie)).data.deletion).toMatchObject({ kind: "pending", text: expect.stringContaining("Kaveri voi perua") });

    const cancelled = await helperPost(helper.caregiverId, adminCookie, { intent: "cancel-deletion" });
    expect(await toastOf(cancelled)).toMatchObject({ type: "success", title: "Poisto peruttu", description: "Kaverin tili ja tiedot säilyvät. Hän voi kirjautua taas." });
    expect((await deletionRows(helper.user.id))[0]).toMatchObject({ status: "cancelled" });
    expect(await auditOf(helper.caregiverId, "caregiver.deletion_cancelled", "caregiver")).toHaveLength(1);
  });

  it("is for admins only: a moderator sees no section and is refused, support cannot post", async () => {
    const helper = await signedInHelper("tpoisto-kaveri-rooli@example.fi", "Risto Rooli");
    expect((await helperPage(helper.caregiverId, moderatorCookie)).data.deletion).toBeNull();
    expect((await askHelperDeletion(helper.caregiverId, moderatorCookie)).status).toBe(403);
    expect((await helperPost(helper.caregiverId, moderatorCookie, { intent: "cancel-deletion" })).status).toBe(403);
    expect((await askHelperDeletion(helper.caregiverId, supportCookie)).status).toBe(403);
    expect(await deletionRows(helper.user.id)).toEqual([]);
  });
});
