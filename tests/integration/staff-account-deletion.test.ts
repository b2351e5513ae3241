import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { action as customerPageAction, loader as customerPageLoader } from "~/routes/backoffice.users.$customerId";
import { setTestClock } from "~/services/clock.server";
import { answerOf, contextFor, createTestUser, getRequest, lastEmailTo, postRequest, runQueuedJobs, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";
import { nextVisit, signedInCustomer, toastOf, type SignedIn } from "./support/portal";

// "Poista asiakkaan tiedot" (decision 0034): an admin asks for the deletion of a customer who
// phoned. The same request as the portal's (blockers, 7-day grace period, e-mailed cancel link,
// sign-out), with the admin's reason in the audit log; moderators and support cannot.

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

async function auditOf(customerId: string, action: string) {
  return db.selectFrom("audit_log").selectAll().where("entity_type", "=", "customer").where("entity_id", "=", customerId).where("action", "=", action).execute();
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
