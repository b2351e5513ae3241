import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { subDays, subMonths, subYears } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import type { EmailStatus, TextMessageStatus } from "~/db/schema";
import { runHousekeeping, type HousekeepingReport } from "~/services/housekeeping.server";
import { createLocalStorage, getStorage, newObjectKey, useStorage } from "~/services/storage.server";
import { createCaregiver } from "./support/backoffice";

// The privacy notice's retention periods ("7. Säilytysajat"; decision 0045), kept by the
// housekeeping job: for each rule a row just inside the period stays and one just outside goes,
// unsent mail stays, and two workers running the job at once remove each row once, without errors.

let db: DB;
let uploadsDir: string;

// The job's "now" (the server clock's); every fixture is placed a minute either side of a limit.
const at = new Date("2027-03-15T10:00:00Z");
const MINUTE = 60_000;
const inside = (limit: Date) => new Date(limit.getTime() + MINUTE);
const outside = (limit: Date) => new Date(limit.getTime() - MINUTE);
const twoYears = subYears(at, 2);
const sixMonths = subMonths(at, 6);
const ninetyDays = subDays(at, 90);

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkikaveri-retention-"));
  useStorage(createLocalStorage(uploadsDir));
  db = await getDb();
});

afterAll(() => {
  useStorage(undefined);
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function contactRequest(name: string, createdAt: Date, notice: "none" | "open" | "handled" = "none"): Promise<string> {
  const row = await db
    .insertInto("contact_requests")
    .values({ full_name: name, phone: "0401234567", email: `${name.toLowerCase()}@example.fi`, message: "Soittakaa", city: "Helsinki", created_at: createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (notice !== "none") {
    await db
      .insertInto("staff_notices")
      .values({ kind: "contact_request", contact_request_id: row.id, summary: name, created_at: createdAt, handled_at: notice === "handled" ? createdAt : null })
      .execute();
  }
  await db.insertInto("staff_notice_emails").values({ thread: `contact:${row.id}`, notified_at: createdAt }).execute();
  return row.id;
}

async function rejectedApplicant(name: string, reviewedAt: Date, options: { alsoCustomer?: boolean } = {}) {
  const caregiver = await createCaregiver(db, { name, status: "rejected" });
  const photoKey = newObjectKey("photo", "jpg");
  await getStorage().put(photoKey, new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
  await db
    .updateTable("caregivers")
    .set({ reviewed_at: reviewedAt, rejection_reason: "Ei sopinut", profile_image_url: `/kuvat/${photoKey}` })
    .where("id", "=", caregiver.id)
    .execute();
  if (options.alsoCustomer) await db.insertInto("customers").values({ profile_id: caregiver.profileId }).execute();
  return { ...caregiver, photoKey };
}

async function applicantState(applicant: { id: string; profileId: string; photoKey: string }) {
  const profile = await db.selectFrom("profiles").select(["deleted_at", "full_name"]).where("id", "=", applicant.profileId).executeTakeFirstOrThrow();
  const caregiver = await db.selectFrom("caregivers").select(["status", "date_of_birth", "profile_image_url"]).where("id", "=", applicant.id).executeTakeFirstOrThrow();
  const deletions = await db.selectFrom("account_deletions").select(["status", "token_hash"]).where("profile_id", "=", applicant.profileId).execute();
  return { erased: profile.deleted_at !== null, profile, caregiver, deletions, photo: await getStorage().get(applicant.photoKey) };
}

async function email(subject: string, status: EmailStatus, createdAt: Date, sentAt: Date | null = null): Promise<string> {
  const row = await db
    .insertInto("emails")
    .values({ to_address: "saaja@example.fi", from_address: "noreply@example.fi", subject, html: "<p>Hei</p>", text: "Hei", attachments: JSON.stringify([]), status, created_at: createdAt, sent_at: sentAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function text(body: string, status: TextMessageStatus, createdAt: Date, sentAt: Date | null = null): Promise<string> {
  const row = await db
    .insertInto("text_messages")
    .values({ to_phone: "+358401234567", body, segments: 1, status, created_at: createdAt, sent_at: sentAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function ids(table: "contact_requests" | "emails" | "text_messages", of: string[]): Promise<string[]> {
  if (of.length === 0) return [];
  return (await db.selectFrom(table).select("id").where("id", "in", of).execute()).map((row) => row.id).sort();
}

const sorted = (values: string[]) => [...values].sort();

const RETENTION_FIELDS = ["contactRequests", "rejectedApplications", "emails", "textMessages"] as const;

function retentionOf(report: HousekeepingReport) {
  return Object.fromEntries(RETENTION_FIELDS.map((field) => [field, report[field]]));
}

describe("housekeeping keeps the privacy notice's retention periods", () => {
  it("contact requests: two years, except those staff have not handled yet", async () => {
    const kept = await contactRequest("Tuore", inside(twoYears));
    const old = await contactRequest("Vanha", outside(twoYears));
    const oldHandled = await contactRequest("Hoidettu", outside(twoYears), "handled");
    const oldOpen = await contactRequest("Kesken", outside(twoYears), "open");

    const report = await runHousekeeping(db, at);

    expect(report.contactRequests).toBe(2);
    expect(await ids("contact_requests", [kept, old, oldHandled, oldOpen])).toEqual(sorted([kept, oldOpen]));
    // The handled notice went with its request; the open one stays on the back office's list.
    const notices = await db.selectFrom("staff_notices").select("contact_request_id").where("contact_request_id", "in", [oldHandled, oldOpen]).execute();
    expect(notices.map((row) => row.contact_request_id)).toEqual([oldOpen]);
    const turns = await db.selectFrom("staff_notice_emails").select("thread").where("thread", "in", [old, oldHandled, kept].map((id) => `contact:${id}`)).execute();
    expect(turns.map((row) => row.thread)).toEqual([`contact:${kept}`]);
  });

  it("rejected applications: erased six months after the decision, photo included, by the account erasure", async () => {
    const recent = await rejectedApplicant("Tuore Hakija", inside(sixMonths));
    const old = await rejectedApplicant("Vanha Hakija", outside(sixMonths));
    // Also a customer: erasing the account would take their bookings too (decision 0045).
    const customerToo = await rejectedApplicant("Asiakas Hakija", outside(sixMonths), { alsoCustomer: true });
    const approved = await createCaregiver(db, { name: "Hyväksytty Kaveri", status: "approved" });
    await db.updateTable("caregivers").set({ reviewed_at: outside(sixMonths) }).where("id", "=", approved.id).execute();

    const report = await runHousekeeping(db, at);

    expect(report.rejectedApplications).toBe(1);
    const erased = await applicantState(old);
    expect(erased).toMatchObject({ erased: true, profile: { full_name: "" }, caregiver: { status: "suspended", date_of_birth: null, profile_image_url: null }, photo: null });
    expect(erased.deletions).toEqual([{ status: "done", token_hash: expect.stringMatching(/^housekeeping:/) }]);
    const audit = await db.selectFrom("audit_log").select("action").where("entity_id", "=", old.profileId).execute();
    expect(audit.map((row) => row.action)).toContain("account.erased");

    for (const keptApplicant of [recent, customerToo]) {
      const state = await applicantState(keptApplicant);
      expect(state).toMatchObject({ erased: false, caregiver: { status: "rejected" }, deletions: [] });
      expect(state.photo).not.toBeNull();
    }
    const stillApproved = await db.selectFrom("profiles").select("deleted_at").where("id", "=", approved.profileId).executeTakeFirstOrThrow();
    expect(stillApproved.deleted_at).toBeNull();

    // The next run finds nothing to erase and writes no new request.
    expect((await runHousekeeping(db, at)).rejectedApplications).toBe(0);
    expect((await applicantState(old)).deletions).toHaveLength(1);
  });

  it("e-mails and texts: 90 days after their delivery ended; queued and sending ones stay", async () => {
    const emails = {
      sentInside: await email("Lähetetty äsken", "sent", outside(ninetyDays), inside(ninetyDays)),
      sentOutside: await email("Lähetetty kauan sitten", "sent", outside(ninetyDays), outside(ninetyDays)),
      failedOutside: await email("Epäonnistui", "failed", outside(ninetyDays)),
      failedInside: await email("Epäonnistui äsken", "failed", inside(ninetyDays)),
      keptOutside: await email("Jäi tietokantaan", "kept", outside(ninetyDays)),
      queuedOld: await email("Jonossa", "queued", outside(ninetyDays)),
      sendingOld: await email("Lähdössä", "sending", outside(ninetyDays)),
    };
    const texts = {
      sentInside: await text("Muistutus äsken", "sent", outside(ninetyDays), inside(ninetyDays)),
      sentOutside: await text("Muistutus kauan sitten", "sent", outside(ninetyDays), outside(ninetyDays)),
      failedOutside: await text("Epäonnistui", "failed", outside(ninetyDays)),
      keptInside: await text("Jäi lähtevään äsken", "kept", inside(ninetyDays)),
      queuedOld: await text("Jonossa", "queued", outside(ninetyDays)),
      sendingOld: await text("Lähdössä", "sending", outside(ninetyDays)),
    };

    const report = await runHousekeeping(db, at);

    expect(report.emails).toBe(3);
    expect(report.textMessages).toBe(2);
    expect(await ids("emails", Object.values(emails))).toEqual(sorted([emails.sentInside, emails.failedInside, emails.queuedOld, emails.sendingOld]));
    expect(await ids("text_messages", Object.values(texts))).toEqual(sorted([texts.sentInside, texts.keptInside, texts.queuedOld, texts.sendingOld]));
  });

  it("two workers at once remove each row once and neither fails", async () => {
    const requests = [await contactRequest("Rinnakkain", outside(twoYears)), await contactRequest("Rinnakkain Kaksi", outside(twoYears), "handled")];
    const applicants = [await rejectedApplicant("Rinnakkainen Yksi", outside(sixMonths)), await rejectedApplicant("Rinnakkainen Kaksi", outside(sixMonths))];
    const emailIds = [await email("Rinnakkain", "sent", outside(ninetyDays), outside(ninetyDays)), await email("Rinnakkain", "failed", outside(ninetyDays))];
    const keptEmail = await email("Jonossa rinnakkain", "queued", outside(ninetyDays));
    const textIds = [await text("Rinnakkain", "sent", outside(ninetyDays), outside(ninetyDays))];

    const reports = await Promise.all([runHousekeeping(db, at), runHousekeeping(db, at)]);

    const total = (field: (typeof RETENTION_FIELDS)[number]) => reports[0][field] + reports[1][field];
    expect(Object.fromEntries(RETENTION_FIELDS.map((field) => [field, total(field)]))).toEqual({ contactRequests: 2, rejectedApplications: 2, emails: 2, textMessages: 1 });
    expect(await ids("contact_requests", requests)).toEqual([]);
    expect(await ids("emails", [...emailIds, keptEmail])).toEqual([keptEmail]);
    expect(await ids("text_messages", textIds)).toEqual([]);
    for (const applicant of applicants) {
      const state = await applicantState(applicant);
      expect(state).toMatchObject({ erased: true, photo: null, deletions: [{ status: "done" }] });
    }
    const audit = await db
      .selectFrom("audit_log")
      .select("entity_id")
      .where("action", "=", "account.erased")
      .where("entity_id", "in", applicants.map((applicant) => applicant.profileId))
      .execute();
    expect(audit).toHaveLength(2);

    // And once more, both at once: nothing left.
    const again = await Promise.all([runHousekeeping(db, at), runHousekeeping(db, at)]);
    expect(again.map(retentionOf)).toEqual([
      { contactRequests: 0, rejectedApplications: 0, emails: 0, textMessages: 0 },
      { contactRequests: 0, rejectedApplications: 0, emails: 0, textMessages: 0 },
    ]);
  });
});
