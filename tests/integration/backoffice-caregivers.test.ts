import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import type { CaregiverStatus } from "~/db/schema";
import { listOfferedCaregivers } from "~/models/caregivers.server";
import { action as caregiverAction, loader as caregiverLoader } from "~/routes/backoffice.caregivers.$caregiverId";
import { loader as listLoader } from "~/routes/backoffice.caregivers._index";
import { assignCaregiver } from "~/services/order-assignment.server";
import { takeToast } from "~/services/flash.server";
import { answerOf, contextFor, cookiesFrom, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { serviceCategoryId, createTestOrder } from "./support/booking-fixtures";
import { auditRows, createCaregiver, emailsTo } from "./support/backoffice";

// Helpers in the back office (issue 14): the review actions through real POSTs as a browser
// without JavaScript sends them, each with its audit line and Finnish e-mail, and what follows
// from a helper's status (only approved helpers are offered or assignable).

let db: DB;
let moderatorCookie: string;
let moderatorId: string;

beforeAll(async () => {
  db = await getDb();
  const moderator = await createTestUser({ email: "moderaattori-kaverit@example.fi", role: "moderator", fullName: "Mervi Moderaattori" });
  moderatorId = moderator.id;
  moderatorCookie = await sessionCookieFor(moderator);
});

/** A review decision as confirmed (the confirm step itself: tests/integration/visit-lifecycle.test.ts). */
function post(caregiverId: string, fields: Record<string, string>) {
  const confirmed = fields.intent === "review" ? { vahvista: "kylla", ...fields } : fields;
  return answerOf(() =>
    caregiverAction({
      request: postRequest(`/backoffice/caregivers/${caregiverId}`, confirmed, moderatorCookie),
      params: { caregiverId },
      context: contextFor(),
    }),
  );
}

async function toastOf(answer: { response: Response | null }) {
  const { toast } = await takeToast(getRequest("/", cookiesFrom(answer.response!)));
  return toast;
}

async function statusOf(caregiverId: string): Promise<CaregiverStatus> {
  const row = await db.selectFrom("caregivers").select("status").where("id", "=", caregiverId).executeTakeFirstOrThrow();
  return row.status;
}

describe("reviewing an application", () => {
  it("approves a pending applicant: status, audit line and the welcome e-mail with how to sign in", async () => {
    const applicant = await createCaregiver(db, { name: "Hanna Hakija", status: "pending", rating: null });
    await db.updateTable("caregivers").set({ interview_done: true, identity_verified: true, background_check: true }).where("id", "=", applicant.id).execute();
    const answer = await post(applicant.id, { intent: "review", action: "approve" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/backoffice/caregivers/${applicant.id}`);
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Kaveri hyväksytty" });
    expect(await statusOf(applicant.id)).toBe("approved");

    const reviewed = await db.selectFrom("caregivers").select(["reviewed_by", "reviewed_at"]).where("id", "=", applicant.id).executeTakeFirstOrThrow();
    expect(reviewed.reviewed_by).toBe(moderatorId);
    expect(reviewed.reviewed_at).not.toBeNull();

    const [audit] = await auditRows("caregiver", applicant.id);
    expect(audit).toMatchObject({
      actor_id: moderatorId,
      action: "caregiver.approve",
      before: { status: "pending" },
      after: { status: "approved" },
    });

    const [mail] = await emailsTo(applicant.email);
    expect(mail.subject).toBe("Hakemuksesi on hyväksytty – Arkikaveri");
    expect(mail.text).toContain("Hei Hanna Hakija,");
    expect(mail.text).toContain("Kirjaudu sisään sähköpostiosoitteellasi");
    expect(mail.text).toContain("http://localhost:3000/auth");
    const job = await db.selectFrom("jobs").select("payload").where("type", "=", "email.deliver").where(({ eb, ref }) => eb(ref("payload", "->>").key("emailId"), "=", mail.id)).executeTakeFirst();
    expect(job).toBeDefined();
  });

  it("rejects only with a reason, and e-mails the reason politely", async () => {
    const applicant = await createCaregiver(db, { name: "Reijo Hylätty", status: "pending", rating: null });
    const missing = await post(applicant.id, { intent: "review", action: "reject", reason: "   " });
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.reason).toEqual(["Kirjoita hylkäyksen syy"]);
    expect(await statusOf(applicant.id)).toBe("pending");
    expect(await emailsTo(applicant.email)).toHaveLength(0);

    const tooLong = await post(applicant.id, { intent: "review", action: "reject", reason: "x".repeat(1001) });
    expect(tooLong.data.result.error.reason).toEqual(["Syy voi olla enintään 1000 merkkiä"]);

    const answer = await post(applicant.id, { intent: "review", action: "reject", reason: "Emme saaneet suosittelijoihin yhteyttä." });
    expect(await toastOf(answer)).toMatchObject({ title: "Hakemus hylätty" });
    const row = await db.selectFrom("caregivers").select(["status", "rejection_reason"]).where("id", "=", applicant.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "rejected", rejection_reason: "Emme saaneet suosittelijoihin yhteyttä." });
    const [mail] = await emailsTo(applicant.email);
    expect(mail.subject).toBe("Hakemuksesi Arkikaveriksi – Arkikaveri");
    expect(mail.text).toContain("Syy: Emme saaneet suosittelijoihin yhteyttä.");
    expect(mail.text).toContain("Kiitos hakemuksestasi");
    expect((await auditRows("caregiver", applicant.id))[0]).toMatchObject({
      action: "caregiver.reject",
      after: { status: "rejected", reason: "Emme saaneet suosittelijoihin yhteyttä." },
    });
  });

  it("suspends an approved helper, who is then neither offered nor assignable, and reinstates them", async () => {
    const helper = await createCaregiver(db, { name: "Sakari Jäädytettävä", rating: 5 });
    const startsAt = new Date("2027-03-01T08:00:00Z");
    const interval = { startsAt, endsAt: new Date(startsAt.getTime() + 2 * 3_600_000), city: "Helsinki", serviceCategoryId: await serviceCategoryId(db) };
    expect((await listOfferedCaregivers(db, interval)).map((c) => c.id)).toContain(helper.id);

    const suspended = await post(helper.id, { intent: "review", action: "suspend", reason: "Asiakaspalaute selvitettävänä." });
    expect(await toastOf(suspended)).toMatchObject({ title: "Kaveri jäädytetty" });
    const row = await db.selectFrom("caregivers").select(["status", "suspended_at", "suspension_reason"]).where("id", "=", helper.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("suspended");
    expect(row.suspended_at).not.toBeNull();
    expect(row.suspension_reason).toBe("Asiakaspalaute selvitettävänä.");
    expect((await emailsTo(helper.email))[0].subject).toBe("Kaveritilisi on jäädytetty – Arkikaveri");

    expect((await listOfferedCaregivers(db, interval)).map((c) => c.id)).not.toContain(helper.id);
    const order = await createTestOrder({ paymentMethod: "invoice", startsAt });
    expect(await assignCaregiver(db, { id: moderatorId }, { orderId: order.orderId, caregiverId: helper.id })).toMatchObject({
      ok: false,
      reason: "caregiver_not_assignable",
    });

    const reinstated = await post(helper.id, { intent: "review", action: "reinstate" });
    expect(await toastOf(reinstated)).toMatchObject({ title: "Kaveri palautettu aktiiviseksi" });
    expect(await statusOf(helper.id)).toBe("approved");
    const cleared = await db.selectFrom("caregivers").select(["suspended_at", "suspension_reason"]).where("id", "=", helper.id).executeTakeFirstOrThrow();
    expect(cleared).toEqual({ suspended_at: null, suspension_reason: null });
    expect((await emailsTo(helper.email)).map((mail) => mail.subject)).toEqual([
      "Kaveritilisi on jäädytetty – Arkikaveri",
      "Kaveritilisi on taas käytössä – Arkikaveri",
    ]);
    expect((await auditRows("caregiver", helper.id)).map((audit) => audit.action)).toEqual(["caregiver.suspend", "caregiver.reinstate"]);
  });

  it("refuses an action the helper's status does not allow, and writes nothing", async () => {
    const helper = await createCaregiver(db, { status: "approved" });
    const answer = await post(helper.id, { intent: "review", action: "approve" });
    expect(await toastOf(answer)).toMatchObject({ type: "error", title: "Kaverin tila on jo muuttunut. Päivitä sivu ja tarkista tilanne." });
    expect(await auditRows("caregiver", helper.id)).toHaveLength(0);
    expect(await emailsTo(helper.email)).toHaveLength(0);
  });

  it("saves the verification checks and logs only the ones that changed", async () => {
    const helper = await createCaregiver(db, { status: "pending", rating: null });
    const answer = await post(helper.id, { intent: "verification", identity_verified: "on", interview_done: "on" });
    expect(await toastOf(answer)).toMatchObject({ title: "Tarkistukset tallennettu" });
    const flags = await db
      .selectFrom("caregivers")
      .select(["identity_verified", "interview_done", "references_checked", "background_check", "insurance_verified", "education_verified"])
      .where("id", "=", helper.id)
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({
      identity_verified: true,
      interview_done: true,
      references_checked: false,
      background_check: false,
      insurance_verified: false,
      education_verified: false,
    });
    const [audit] = await auditRows("caregiver", helper.id);
    expect(audit).toMatchObject({
      action: "caregiver.verification",
      before: { identity_verified: false, interview_done: false },
      after: { identity_verified: true, interview_done: true },
    });

    const again = await post(helper.id, { intent: "verification", identity_verified: "on", interview_done: "on" });
    expect(await toastOf(again)).toMatchObject({ title: "Tarkistukset olivat jo tallennettuina" });
    expect(await auditRows("caregiver", helper.id)).toHaveLength(1);
  });

  it("answers a forged form 400 and an unknown helper 404", async () => {
    const helper = await createCaregiver(db);
    expect((await post(helper.id, { intent: "poista" })).status).toBe(400);
    expect((await post(helper.id, { intent: "review", action: "poista" })).status).toBe(400);
    expect((await post("00000000-0000-4000-8000-000000000000", { intent: "review", action: "approve" })).status).toBe(404);
    expect((await post("ei-uuid", { intent: "review", action: "approve" })).status).toBe(404);
  });
});

describe("the helper's page and the list", () => {
  it("shows the whole application, the orders to reassign and the history", async () => {
    const helper = await createCaregiver(db, { name: "Sivu Kaveri" });
    const order = await createTestOrder({ paymentMethod: "invoice", caregiverId: helper.id, startsAt: new Date("2027-04-01T08:00:00Z") });
    await post(helper.id, { intent: "review", action: "suspend" });
    const page = await answerOf(() =>
      caregiverLoader({ request: getRequest(`/backoffice/caregivers/${helper.id}`, moderatorCookie), params: { caregiverId: helper.id }, context: contextFor() }),
    );
    expect(page.status).toBe(200);
    expect(page.data.caregiver.fullName).toBe("Sivu Kaveri");
    expect(page.data.caregiver.facts).toContainEqual({ label: "Syntymäaika", value: expect.stringMatching(/^15\.6\.1990 \(\d+ v\)$/) });
    expect(page.data.actions).toEqual(["reinstate"]);
    expect(page.data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(page.data.history.map((h: { action: string; actor: string }) => [h.action, h.actor])).toEqual([["Kaveri jäädytetty", "Mervi Moderaattori"]]);
  });

  it("lists pending applications first, oldest first, with search and a status filter", async () => {
    const city = `Hakukaupunki${Date.now()}`;
    const older = await createCaregiver(db, { name: "Vanhempi Hakija", status: "pending", city, rating: null });
    await sql`update caregivers set created_at = '2026-01-01T10:00:00Z' where id = ${older.id}`.execute(db);
    const newer = await createCaregiver(db, { name: "Uudempi Hakija", status: "pending", city, rating: null });
    const approved = await createCaregiver(db, { name: "Hyväksytty Kaveri", city });
    const list = (query: string) =>
      answerOf(() => listLoader({ request: getRequest(`/backoffice/caregivers?${query}`, moderatorCookie), params: {}, context: contextFor() }));

    const all = await list(`haku=${encodeURIComponent(city)}`);
    expect(all.data.rows.map((row: { id: string }) => row.id)).toEqual([older.id, newer.id, approved.id]);
    const approvedOnly = await list(`haku=${encodeURIComponent(city)}&tila=approved`);
    expect(approvedOnly.data.rows.map((row: { id: string }) => row.id)).toEqual([approved.id]);
    const byEmail = await list(`haku=${encodeURIComponent(older.email.toUpperCase())}`);
    expect(byEmail.data.rows.map((row: { id: string }) => row.id)).toEqual([older.id]);
    const none = await list("haku=eiloydymitaan");
    expect(none.data).toMatchObject({ rows: [], filtered: true, total: 0 });
    expect((await list("haku=ab")).data.searchTooShort).toBe(true);
  });
});
