import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb, isDatabaseFault, openDatabase, type DB } from "~/db.server";
import { resetEnvCache } from "~/env.server";
import { renewJobLeases } from "~/models/jobs.server";
import { renderEmail, sendEmail } from "~/services/email.server";
import { resetMailTransport } from "~/services/mailer.server";
import { runDueJobs, startWorker } from "~/services/worker.server";
import { startSmtpServer } from "./support/smtp";
import { startTcpProxy } from "../fault/tcp-proxy.mjs";

// Issue 30: jobs after a database outage, leases kept by a live worker, one Message-ID per e-mail.

const savedSmtp = process.env.SMTP_URL;
let db: DB;

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvCache();
  resetMailTransport();
}

function message(n: number) {
  const { html, text } = renderEmail({ heading: `Viesti ${n}`, paragraphs: ["Hei!"] });
  return { to: `vastaanottaja${n}@example.com`, subject: `Viesti ${n}`, html, text };
}

function messageIdOf(raw: string): string {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "";
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeEach(async () => {
  db = await getDb();
  await db.deleteFrom("jobs").execute();
  await db.deleteFrom("emails").execute();
});

afterEach(() => useSmtp(savedSmtp));

describe("job leases", () => {
  it("a live worker's heartbeat keeps its jobs; a job whose lease ran out goes back to the queue", async () => {
    const held = await sendEmail(db, message(1));
    const abandoned = await sendEmail(db, message(2));
    const lockedAgo = (emailId: string, seconds: number, worker: string) =>
      db
        .updateTable("jobs")
        .set({ status: "running", attempts: 1, locked_by: worker, locked_at: sql`now() - ${seconds}::int * interval '1 second'` })
        .where(sql<boolean>`payload->>'emailId' = ${emailId}`)
        .execute();
    await lockedAgo(held, 40, "alive");
    await lockedAgo(abandoned, 40, "dead");
    expect(await renewJobLeases(db, "alive")).toBe(1);

    const outcomes = await runDueJobs(db, { workerId: "w1" });
    expect(outcomes).toEqual([expect.objectContaining({ outcome: "done" })]);
    const jobs = await db.selectFrom("jobs").select(["status", "locked_by", "payload"]).execute();
    const byEmail = new Map(jobs.map((job) => [(job.payload as { emailId: string }).emailId, job]));
    expect(byEmail.get(held)).toMatchObject({ status: "running", locked_by: "alive" });
    expect(byEmail.get(abandoned)).toMatchObject({ status: "done" });
  });
});

describe("e-mail", () => {
  it("is marked sending with a Message-ID before SMTP and sent again with the same one", async () => {
    let refuse = true;
    const smtp = await startSmtpServer({
      onReceived: () => {
        if (refuse) return Object.assign(new Error("Try again later"), { responseCode: 451 });
      },
    });
    useSmtp(smtp.url);
    try {
      const id = await sendEmail(db, message(1));
      expect((await runDueJobs(db, { workerId: "w1" }))[0]?.outcome).toBe("retry");
      const first = await db.selectFrom("emails").select(["status", "message_id"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(first).toEqual({ status: "sending", message_id: `<${id}@arkikaveri.fi>` });

      refuse = false;
      await db.updateTable("jobs").set({ run_at: sql`now()` }).execute();
      expect((await runDueJobs(db, { workerId: "w1" }))[0]?.outcome).toBe("done");
      expect((await db.selectFrom("emails").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("sent");
      expect(smtp.received.map((mail) => messageIdOf(mail.raw))).toEqual([`<${id}@arkikaveri.fi>`, `<${id}@arkikaveri.fi>`]);
    } finally {
      await smtp.close();
    }
  });
});

// An outage needs a real server to lose: a TCP proxy in front of it is cut and restored.
describe.skipIf(!process.env.DATABASE_URL)("a database outage in the middle of a batch", () => {
  it("sends every e-mail once: the accepted one is recorded when the database is back, the rest are released", async () => {
    const [{ name }] = (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows as [{ name: string }];
    const server = new URL(process.env.DATABASE_URL!);
    const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const viaProxy = new URL(server);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    const workerDb = await openDatabase({ kind: "postgres", connectionString: viaProxy.toString(), poolSize: 2, connectTimeoutMs: 500 });

    const smtp = await startSmtpServer({
      // The database goes away while the SMTP server accepts the second message, for a second.
      onReceived: (count) => {
        if (count !== 2) return;
        proxy.cut();
        setTimeout(() => proxy.restore(), 1000);
      },
    });
    useSmtp(smtp.url);
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) ids.push(await sendEmail(db, message(n)));

    const stop = startWorker(workerDb.db, { pollMs: 50, scheduleRecurring: false });
    try {
      await waitFor(async () => {
        const sent = await db.selectFrom("emails").select("id").where("status", "=", "sent").execute();
        const done = await db.selectFrom("jobs").select("id").where("status", "=", "done").execute();
        return sent.length === ids.length && done.length === ids.length;
      });
    } finally {
      await stop();
      await workerDb.close();
      await smtp.close();
      await proxy.close();
    }
    const messageIds = smtp.received.map((mail) => messageIdOf(mail.raw));
    expect(messageIds.sort()).toEqual(ids.map((id) => `<${id}@arkikaveri.fi>`).sort());
    // Released unstarted, not counted as a failed attempt; none waits for a retry.
    const jobs = await db.selectFrom("jobs").select(["status", "attempts"]).execute();
    expect(jobs.every((job) => job.status === "done" && job.attempts === 1)).toBe(true);
  });
});

describe("isDatabaseFault", () => {
  it("tells a lost or busy database from a refused statement", () => {
    expect(isDatabaseFault(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseFault(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseFault(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }))).toBe(true);
    expect(isDatabaseFault(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseFault("nope")).toBe(false);
  });
});
