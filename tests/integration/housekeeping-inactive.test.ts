import { addDays, addHours, subDays, subHours, subYears } from "date-fns";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getOptionalUser } from "~/auth/guards.server";
import { getDb, type DB } from "~/db.server";
import { formatDate } from "~/domain/format";
import { action as authAction } from "~/routes/auth._index";
import { setTestClock } from "~/services/clock.server";
import { runHousekeeping } from "~/services/housekeeping.server";
import { TEST_PASSWORD, answerOf, contextFor, createTestUser, emailCountTo, getRequest, lastEmailTo, postRequest, sessionCookieFor } from "./support/auth";
import { createTestOrder } from "./support/booking-fixtures";

// "Käyttäjätili … Poistamme tiedot viimeistään kahden vuoden kuluttua viimeisestä käytöstä"
// (decision 0047): housekeeping warns an account unused for two years less 30 days once, and
// erases it when unused for two years and warned at least 30 days ago; a use in between clears
// the warning; a visit ahead, an open invoice or a staff role keeps the account.

let db: DB;

// The job's "now"; fixtures are placed a minute either side of each mark.
const at = new Date("2027-03-15T10:00:00Z");
const MINUTE = 60_000;
const warnMark = addDays(subYears(at, 2), 30);
const eraseMark = subYears(at, 2);
const warnedMark = subDays(at, 30);
const before = (mark: Date) => new Date(mark.getTime() - MINUTE);
const after = (mark: Date) => new Date(mark.getTime() + MINUTE);

beforeAll(async () => {
  db = await getDb();
});

afterEach(() => setTestClock(null));

async function account(email: string, lastActiveAt: Date, warnedAt: Date | null = null, options: { role?: "admin" | "support" } = {}) {
  const user = await createTestUser({ email, fullName: "Ilmari Inaktiivinen", role: options.role });
  await setActivity(user.id, lastActiveAt, warnedAt);
  return user;
}

async function setActivity(profileId: string, lastActiveAt: Date, warnedAt: Date | null) {
  await db.updateTable("profiles").set({ last_active_at: lastActiveAt, inactivity_warned_at: warnedAt }).where("id", "=", profileId).execute();
}

async function stateOf(profileId: string) {
  const profile = await db.selectFrom("profiles").select(["deleted_at", "last_active_at", "inactivity_warned_at"]).where("id", "=", profileId).executeTakeFirstOrThrow();
  const deletions = await db.selectFrom("account_deletions").select(["status", "token_hash"]).where("profile_id", "=", profileId).execute();
  return { erased: profile.deleted_at !== null, warnedAt: profile.inactivity_warned_at, lastActiveAt: profile.last_active_at, deletions };
}

describe("the warning", () => {
  it("goes once to an account a minute past the warning mark, not to one a minute before it", async () => {
    const past = await account("varoitus-ohi@example.fi", before(warnMark));
    const notYet = await account("varoitus-ei-viela@example.fi", after(warnMark));

    const report = await runHousekeeping(db, at);
    expect(report.inactivityWarnings).toBe(1);
    expect((await stateOf(past.id)).warnedAt).toEqual(at);
    expect((await stateOf(notYet.id)).warnedAt).toBeNull();
    const email = await lastEmailTo(past.email);
    expect(email?.subject).toBe("Tilisi poistetaan, jos et kirjaudu – Arkikaveri");
    // Two years after the last use, but at least 30 days after the warning.
    expect(email?.text).toContain(`poistetaan ${formatDate(addDays(at, 30))}, ellet kirjaudu sisään`);
    expect(email?.links).toContain("http://localhost:3000/auth");
    expect(await emailCountTo(notYet.email)).toBe(0);

    expect((await runHousekeeping(db, at)).inactivityWarnings).toBe(0);
    expect(await emailCountTo(past.email)).toBe(1);
    expect((await stateOf(past.id)).erased).toBe(false);
  });
});

describe("the erasure", () => {
  it("erases an account unused two years and warned 30 days ago, not one a minute short of either", async () => {
    const due = await account("poisto-ohi@example.fi", before(eraseMark), before(warnedMark));
    const warnedLately = await account("poisto-varoitettu-juuri@example.fi", before(eraseMark), after(warnedMark));
    const usedLately = await account("poisto-kaytetty@example.fi", after(eraseMark), before(warnedMark));

    const report = await runHousekeeping(db, at);
    expect(report.inactiveAccounts).toBe(1);
    const erased = await stateOf(due.id);
    expect(erased).toMatchObject({ erased: true, deletions: [{ status: "done" }] });
    expect(erased.deletions[0].token_hash).toMatch(/^housekeeping-inactive:/);
    expect(await db.selectFrom("profiles").select("email").where("id", "=", due.id).executeTakeFirstOrThrow()).not.toEqual({ email: due.email });
    expect(await stateOf(warnedLately.id)).toMatchObject({ erased: false, deletions: [] });
    expect(await stateOf(usedLately.id)).toMatchObject({ erased: false, deletions: [] });
  });

  it("is stopped by a sign-in after the warning, which clears the warning", async () => {
    const user = await account("poisto-kirjautui@example.fi", before(eraseMark), before(warnedMark));
    setTestClock(at);
    const answer = await answerOf(() =>
      authAction({ request: postRequest("/auth?index", { intent: "signin", email: user.email, password: TEST_PASSWORD }), params: {}, context: contextFor() }),
    );
    expect(answer.status).toBe(302);
    const signedIn = await stateOf(user.id);
    expect(signedIn.warnedAt).toBeNull();
    expect(signedIn.lastActiveAt.getTime()).toBeGreaterThanOrEqual(at.getTime());

    const report = await runHousekeeping(db, at);
    expect(report.inactiveAccounts).toBe(0);
    expect(await stateOf(user.id)).toMatchObject({ erased: false, warnedAt: null, deletions: [] });

    // A later inactivity warns again (its last use put back past the mark, as time would).
    await db.updateTable("profiles").set({ last_active_at: before(warnMark) }).where("id", "=", user.id).execute();
    expect((await runHousekeeping(db, at)).inactivityWarnings).toBe(1);
    expect((await stateOf(user.id)).warnedAt).toEqual(at);
    expect(await emailCountTo(user.email)).toBe(1);
  });

  it("keeps a customer with a visit ahead, and one with an open invoice until it is paid", async () => {
    const visitAhead = await createTestOrder({ paymentMethod: "invoice", hasPassword: true, startsAt: addDays(at, 7), caregiverId: true, email: "poisto-kaynti@example.fi" });
    await setActivity(visitAhead.profileId, before(eraseMark), before(warnedMark));
    const unpaid = await createTestOrder({
      paymentMethod: "invoice",
      hasPassword: true,
      status: "completed",
      startsAt: subYears(at, 3),
      caregiverId: true,
      email: "poisto-lasku@example.fi",
    });
    await setActivity(unpaid.profileId, before(eraseMark), before(warnedMark));
    const invoice = await db
      .insertInto("invoices")
      .values({ order_id: unpaid.orderId, reference_number: "1232", issue_date: "2024-03-01", due_date: "2024-03-15", amount_cents: unpaid.totalPriceCents })
      .returning("id")
      .executeTakeFirstOrThrow();

    const report = await runHousekeeping(db, at);
    expect(report.inactiveAccounts).toBe(0);
    expect(await stateOf(visitAhead.profileId)).toMatchObject({ erased: false, deletions: [] });
    // Blocked: no request is written (it would refuse a sign-in), the next run looks again.
    expect(await stateOf(unpaid.profileId)).toMatchObject({ erased: false, deletions: [] });

    await db.updateTable("invoices").set({ status: "paid", paid_at: at }).where("id", "=", invoice.id).execute();
    expect((await runHousekeeping(db, at)).inactiveAccounts).toBe(1);
    expect(await stateOf(unpaid.profileId)).toMatchObject({ erased: true, deletions: [{ status: "done" }] });
    expect(await stateOf(visitAhead.profileId)).toMatchObject({ erased: false, deletions: [] });
  });

  it("never warns nor erases staff", async () => {
    const unwarned = await account("poisto-yllapito@example.fi", subYears(at, 5), null, { role: "admin" });
    const warned = await account("poisto-tuki@example.fi", subYears(at, 5), subYears(at, 1), { role: "support" });

    await runHousekeeping(db, at);
    expect(await stateOf(unwarned.id)).toMatchObject({ erased: false, warnedAt: null, deletions: [] });
    expect(await stateOf(warned.id)).toMatchObject({ erased: false, deletions: [] });
    expect(await emailCountTo(unwarned.email)).toBe(0);
  });

  it("two runs at once warn each account once and erase each once", async () => {
    const toWarn = [await account("rinnakkain-varoitus-1@example.fi", before(warnMark)), await account("rinnakkain-varoitus-2@example.fi", subYears(at, 3))];
    const toErase = await account("rinnakkain-poisto@example.fi", subYears(at, 3), subDays(at, 40));

    const reports = await Promise.all([runHousekeeping(db, at), runHousekeeping(db, at)]);
    expect(reports[0].inactivityWarnings + reports[1].inactivityWarnings).toBe(2);
    expect(reports[0].inactiveAccounts + reports[1].inactiveAccounts).toBe(1);
    for (const user of toWarn) {
      expect(await emailCountTo(user.email)).toBe(1);
      expect((await stateOf(user.id)).warnedAt).toEqual(at);
    }
    expect(await stateOf(toErase.id)).toMatchObject({ erased: true, deletions: [{ status: "done" }] });
    const audit = await db.selectFrom("audit_log").select("id").where("action", "=", "account.erased").where("entity_id", "=", toErase.id).execute();
    expect(audit).toHaveLength(1);
  });
});

describe("a session's use", () => {
  it("writes the last use at most once a day and clears a warning", async () => {
    const user = await createTestUser({ email: "istunto-kaytto@example.fi" });
    const cookie = await sessionCookieFor(user);
    await setActivity(user.id, subDays(at, 3), subDays(at, 1));

    setTestClock(at);
    expect((await getOptionalUser(getRequest("/", cookie)))?.id).toBe(user.id);
    const first = await stateOf(user.id);
    expect(first.warnedAt).toBeNull();
    expect(first.lastActiveAt.getTime()).toBeGreaterThanOrEqual(at.getTime());

    // Within the day: read, not written.
    setTestClock(addHours(at, 23));
    await getOptionalUser(getRequest("/", cookie));
    expect((await stateOf(user.id)).lastActiveAt).toEqual(first.lastActiveAt);

    // A day later: written again.
    setTestClock(addHours(at, 25));
    await getOptionalUser(getRequest("/", cookie));
    expect((await stateOf(user.id)).lastActiveAt.getTime()).toBeGreaterThanOrEqual(addHours(at, 25).getTime());
  });
});

// A guest (a customer without a password) has nothing to sign in to and no warning to act on:
// their profile goes two years after their last visit (decision 0047, amended).
describe("a guest's profile", () => {
  /** A guest's completed visit ending at `endsAt`, their profile's own last use three years back. */
  async function guestWithVisitEnding(email: string, endsAt: Date, status: "completed" | "cancelled" = "completed") {
    const order = await createTestOrder({ paymentMethod: "invoice", status, startsAt: subHours(endsAt, 2), durationHours: 2, email });
    await setActivity(order.profileId, subYears(at, 3), null);
    return order;
  }

  it("is erased, without a warning, two years after the last visit; a visit a minute later keeps it, a cancelled one does not", async () => {
    const due = await guestWithVisitEnding("vieras-poisto@example.fi", before(eraseMark));
    const visitedLately = await guestWithVisitEnding("vieras-sailyy@example.fi", after(eraseMark));
    const cancelledLately = await guestWithVisitEnding("vieras-peruttu@example.fi", subYears(at, 3));
    await guestWithVisitEnding("vieras-peruttu@example.fi", subDays(at, 10), "cancelled");

    await runHousekeeping(db, at);
    const erased = await stateOf(due.profileId);
    expect(erased).toMatchObject({ erased: true, warnedAt: null, deletions: [{ status: "done" }] });
    expect(erased.deletions[0].token_hash).toMatch(/^housekeeping-inactive:/);
    expect(await stateOf(cancelledLately.profileId)).toMatchObject({ erased: true });
    expect(await stateOf(visitedLately.profileId)).toMatchObject({ erased: false, warnedAt: null, deletions: [] });
    for (const email of ["vieras-poisto@example.fi", "vieras-sailyy@example.fi", "vieras-peruttu@example.fi"]) expect(await emailCountTo(email)).toBe(0);
    const audit = await db.selectFrom("audit_log").select("id").where("action", "=", "account.erased").where("entity_id", "=", due.profileId).execute();
    expect(audit).toHaveLength(1);
  });

  it("keeps a guest with a visit ahead, and never touches a helper without a password", async () => {
    const booked = await guestWithVisitEnding("vieras-tuleva@example.fi", subYears(at, 3));
    const ahead = await createTestOrder({ paymentMethod: "invoice", startsAt: addDays(at, 7), email: "vieras-tuleva@example.fi", caregiverId: true });
    const helperProfile = await db
      .selectFrom("caregivers")
      .select("profile_id")
      .where("id", "=", ahead.caregiverId!)
      .executeTakeFirstOrThrow();
    await setActivity(helperProfile.profile_id, subYears(at, 5), null);
    await db.updateTable("profiles").set({ password_hash: null }).where("id", "=", helperProfile.profile_id).execute();

    await runHousekeeping(db, at);
    expect(await stateOf(booked.profileId)).toMatchObject({ erased: false, deletions: [] });
    expect(await stateOf(helperProfile.profile_id)).toMatchObject({ erased: false, deletions: [] });
  });
});
