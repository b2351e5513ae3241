import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { runHousekeeping } from "~/services/housekeeping.server";
import { enqueueJob, RECURRING_JOBS } from "~/services/job-queue.server";
import { runDueJobs, scheduleRecurringJobs } from "~/services/worker.server";
import { createLocalStorage, getStorage, newObjectKey, useStorage } from "~/services/storage.server";
import { createTestUser } from "./support/auth";

// The 'maintenance.housekeeping' job: each kind of row no request will read again is removed,
// and the fresh rows next to it stay.

let db: DB;
let uploadsDir: string;
let userId: string;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkikaveri-housekeeping-"));
  useStorage(createLocalStorage(uploadsDir));
  db = await getDb();
  userId = (await createTestUser({ email: "siivous@example.fi" })).id;
});

afterAll(() => {
  useStorage(undefined);
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function count(table: "sessions" | "auth_tokens" | "form_drafts" | "used_challenges" | "rate_limits" | "jobs") {
  const row = await db.selectFrom(table).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return row.n;
}

function session(id: string, expiresAt: Date) {
  return { id, user_id: userId, data: JSON.stringify({}), expires_at: expiresAt };
}

function token(hash: string, expiresAt: Date, usedAt: Date | null = null) {
  return { user_id: userId, purpose: "reset_password" as const, token_hash: hash, expires_at: expiresAt, used_at: usedAt };
}

async function storedPhoto(): Promise<string> {
  const key = newObjectKey("photo", "jpg");
  await getStorage().put(key, new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
  return key;
}

describe("housekeeping", () => {
  it("removes each kind of stale row and keeps the fresh ones", async () => {
    await db
      .insertInto("sessions")
      .values([session("stale-session", ago(HOUR)), session("live-session", ahead(DAY))])
      .execute();
    await db
      .insertInto("auth_tokens")
      .values([
        token("expired-2-days", ago(2 * DAY)),
        token("used-2-days", ahead(DAY), ago(2 * DAY)),
        token("expired-an-hour", ago(HOUR)),
        token("used-an-hour", ahead(HOUR), ago(HOUR)),
        token("unused-live", ahead(HOUR)),
      ])
      .execute();

    const stalePhoto = await storedPhoto();
    const livePhoto = await storedPhoto();
    const registration = (photoKey: string | null) =>
      JSON.stringify({ humanVerified: true, photoKey, step1: null, step2: null });
    await db
      .insertInto("form_drafts")
      .values([
        { kind: "helper_registration", data: registration(stalePhoto), expires_at: ago(HOUR), updated_at: ago(2 * HOUR) },
        { kind: "helper_registration", data: registration(null), expires_at: ago(HOUR), updated_at: ago(2 * HOUR) },
        { kind: "helper_registration", data: registration(livePhoto), expires_at: ahead(HOUR), updated_at: new Date() },
        { kind: "booking-contact", data: JSON.stringify({ firstName: "Vanha" }), expires_at: ago(HOUR), updated_at: ago(2 * HOUR) },
        { kind: "booking-contact", data: JSON.stringify({ firstName: "Uusi" }), expires_at: ahead(HOUR), updated_at: new Date() },
      ])
      .execute();

    await db
      .insertInto("used_challenges")
      .values([
        { token_hash: "stale-challenge", expires_at: ago(HOUR) },
        { token_hash: "live-challenge", expires_at: ahead(HOUR) },
      ])
      .execute();

    await db
      .insertInto("rate_limits")
      .values([
        { key: "contact_ip:stale", points: 3, expire: Date.now() - HOUR },
        { key: "contact_ip:live", points: 3, expire: Date.now() + HOUR },
        { key: "contact_ip:forever", points: 1, expire: null },
      ])
      .execute();

    const job = (status: "done" | "failed" | "pending", finishedAt: Date | null) => ({
      type: "email.deliver",
      payload: JSON.stringify({ emailId: "00000000-0000-0000-0000-000000000000" }),
      status,
      run_at: finishedAt ?? new Date(),
      finished_at: finishedAt,
    });
    const jobs = await db
      .insertInto("jobs")
      .values([job("done", ago(8 * DAY)), job("done", ago(6 * DAY)), job("failed", ago(30 * DAY)), job("pending", null)])
      .returning("id")
      .execute();

    const report = await runHousekeeping(db);
    expect(report).toEqual({
      sessions: 1,
      authTokens: 2,
      formDrafts: 3,
      photosOfDrafts: 1,
      usedChallenges: 1,
      rateLimits: 1,
      doneJobs: 1,
      // Expired "Lataa tietoni" exports: tests/integration/data-export.test.ts.
      dataExports: 0,
      // Archived documents past their date: tests/integration/account-deletion.test.ts.
      archivedDocuments: 0,
      // The notice's retention periods: tests/integration/housekeeping-retention.test.ts.
      contactRequests: 0,
      rejectedApplications: 0,
      emails: 0,
      textMessages: 0,
      // Unused accounts: tests/integration/housekeeping-inactive.test.ts.
      inactivityWarnings: 0,
      inactiveAccounts: 0,
    });

    expect((await db.selectFrom("sessions").select("id").execute()).map((row) => row.id)).toEqual(["live-session"]);
    expect((await db.selectFrom("auth_tokens").select("token_hash").orderBy("token_hash").execute()).map((row) => row.token_hash)).toEqual([
      "expired-an-hour",
      "unused-live",
      "used-an-hour",
    ]);
    const drafts = await db.selectFrom("form_drafts").select(["kind", "data"]).orderBy("kind").execute();
    expect(drafts).toEqual([
      { kind: "booking-contact", data: { firstName: "Uusi" } },
      { kind: "helper_registration", data: { humanVerified: true, photoKey: livePhoto, step1: null, step2: null } },
    ]);
    expect(await getStorage().get(stalePhoto)).toBeNull();
    expect(await getStorage().get(livePhoto)).not.toBeNull();
    expect((await db.selectFrom("used_challenges").select("token_hash").execute()).map((row) => row.token_hash)).toEqual(["live-challenge"]);
    expect((await db.selectFrom("rate_limits").select("key").orderBy("key").execute()).map((row) => row.key)).toEqual([
      "contact_ip:forever",
      "contact_ip:live",
    ]);
    const left = (await db.selectFrom("jobs").select("id").execute()).map((row) => row.id).sort();
    expect(left).toEqual(jobs.slice(1).map((row) => row.id).sort());

    // Nothing more to do the second time.
    expect(Object.values(await runHousekeeping(db)).every((n) => n === 0)).toBe(true);
  });

  it("runs as the recurring 'maintenance.housekeeping' job, scheduled like the other recurring jobs", async () => {
    expect(RECURRING_JOBS.map((job) => job.type)).toContain("maintenance.housekeeping");
    await db.deleteFrom("jobs").execute();
    await scheduleRecurringJobs(db);
    await scheduleRecurringJobs(db);
    const queued = await db.selectFrom("jobs").select("id").where("type", "=", "maintenance.housekeeping").where("status", "=", "pending").execute();
    expect(queued).toHaveLength(1);

    await db.insertInto("sessions").values(session("stale-again", ago(HOUR))).execute();
    await db.deleteFrom("jobs").execute();
    await enqueueJob(db, "maintenance.housekeeping", {});
    const ran = await runDueJobs(db, { workerId: "test" });
    expect(ran.map((job) => [job.type, job.outcome])).toEqual([["maintenance.housekeeping", "done"]]);
    expect(await count("sessions")).toBe(1);
  });
});
