import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { resetEnvCache } from "~/env.server";
import { loader as attachmentLoader } from "~/routes/dev.sahkopostit.$id.liitteet.$index";
import { loader as htmlLoader } from "~/routes/dev.sahkopostit.$id.html";
import { loader as messageLoader } from "~/routes/dev.sahkopostit.$id";
import { loader as listLoader } from "~/routes/dev.sahkopostit._index";
import { renderEmail, sendEmail, type EmailMessage } from "~/services/email.server";
import { runDueJobs } from "~/services/worker.server";
import { resetMailTransport } from "~/services/mailer.server";
import { startWorker } from "~/services/worker.server";
import { decodeHeader, leafParts, parseMime, startSmtpServer } from "./support/smtp";

const savedEnv = { ...process.env };

/** Points delivery at an SMTP server (or at none) for the rest of the test. */
function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetEnvCache();
  resetMailTransport();
}

const invoicePdf = Buffer.from("%PDF-1.4\nlasku ORD-1001 – 80,00 €\n%%EOF\n", "utf8");

function confirmationMessage(overrides: Partial<EmailMessage> = {}): EmailMessage {
  const { html, text } = renderEmail({
    heading: "Vahvista sähköpostiosoitteesi",
    paragraphs: ["Hei Äijä & Öljynen,", "Vahvista osoitteesi, niin pääset varaamaan apua."],
    button: { label: "Vahvista sähköpostiosoite", url: "http://localhost:3000/vahvista?token=abc123&lahde=rekisteroityminen" },
  });
  return {
    to: "aino.asiakas@example.com",
    subject: "Vahvista sähköpostiosoitteesi – Arkikaveri",
    html,
    text,
    replyTo: "asiakaspalvelu@arkikaveri.fi",
    attachments: [{ filename: "lasku-ORD-1001.pdf", contentType: "application/pdf", content: invoicePdf.toString("base64") }],
    ...overrides,
  };
}

async function emailRow(db: DB, id: string) {
  return db.selectFrom("emails").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function jobForEmail(db: DB, emailId: string) {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where(sql<boolean>`payload->>'emailId' = ${emailId}`)
    .executeTakeFirstOrThrow();
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function expectNotFound(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(404);
}

function loaderArgs(path: string, params: Record<string, string> = {}) {
  return { request: new Request(`http://localhost${path}`), params, context: { cspNonce: "test-nonce" } };
}

let db: DB;

beforeEach(async () => {
  db = await getDb();
  await db.deleteFrom("jobs").execute();
  await db.deleteFrom("emails").execute();
  useSmtp(undefined);
});

afterEach(() => {
  for (const key of ["SMTP_URL", "NODE_ENV", "SESSION_SECRET", "ALTCHA_HMAC_KEY"]) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  resetEnvCache();
  resetMailTransport();
});

describe("sendEmail", () => {
  it("writes nothing when the caller's transaction rolls back", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sendEmail(trx, confirmationMessage());
        throw new Error("the order failed after the e-mail was queued");
      }),
    ).rejects.toThrow("the order failed");

    const emails = await db.selectFrom("emails").select("id").execute();
    const jobs = await db.selectFrom("jobs").select("id").execute();
    expect(emails).toHaveLength(0);
    expect(jobs).toHaveLength(0);
  });

  it("queues the e-mail and its delivery job together when the transaction commits", async () => {
    const id = await db.transaction().execute((trx) => sendEmail(trx, confirmationMessage()));

    const email = await emailRow(db, id);
    expect(email).toMatchObject({
      status: "queued",
      to_address: "aino.asiakas@example.com",
      from_address: "Arkikaveri <noreply@arkikaveri.fi>",
      reply_to: "asiakaspalvelu@arkikaveri.fi",
    });
    const job = await jobForEmail(db, id);
    expect(job).toMatchObject({ type: "email.deliver", status: "pending", attempts: 0, payload: { emailId: id } });
  });

  it("escapes the text it puts into the HTML layout", () => {
    const { html, text } = renderEmail({
      heading: "Tervetuloa <b>Aino</b>",
      paragraphs: ['Nimi: "Matti" & Maija'],
      button: { label: "Avaa", url: "https://arkikaveri.fi/a?b=1&c=2" },
    });
    expect(html).toContain("Tervetuloa &lt;b&gt;Aino&lt;/b&gt;");
    expect(html).toContain("Nimi: &quot;Matti&quot; &amp; Maija");
    expect(html).toContain('href="https://arkikaveri.fi/a?b=1&amp;c=2"');
    expect(html).not.toContain("<b>");
    expect(text).toContain("Tervetuloa <b>Aino</b>");
    expect(text).toContain("https://arkikaveri.fi/a?b=1&c=2");
    expect(text).toContain("Arkikaveri");
    expect(() => renderEmail({ heading: "x", paragraphs: [], button: { label: "x", url: "javascript:alert(1)" } })).toThrow();
  });

  it("links customer service's phone and e-mail where an e-mail mentions them, escaping the rest", async () => {
    const contact = { phone: "09 123 4567", email: "tuki@arkikaveri.fi" };
    const { html, text } = renderEmail({
      heading: "Tilauksesi on peruutettu",
      paragraphs: ["Hei <Aino>,"],
      afterButton: [`Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`],
      contact,
    });
    expect(html).toContain('<a href="mailto:tuki@arkikaveri.fi" style="color:#185a4a;">tuki@arkikaveri.fi</a>, puh. <a href="tel:091234567"');
    expect(html).toContain(">09 123 4567</a>.");
    expect(html).toContain("Hei &lt;Aino&gt;,");
    expect(text).toContain("Vastaamme mielellämme: tuki@arkikaveri.fi, puh. 09 123 4567.");
  });
});

describe("the job worker", () => {
  it("delivers an e-mail over SMTP with its subject, HTML, text, reply address and attachment", async () => {
    const smtp = await startSmtpServer();
    useSmtp(smtp.url);
    const message = confirmationMessage();
    const id = await sendEmail(db, message);

    const stop = startWorker(db, { pollMs: 20, workerId: "test-worker" });
    try {
      await waitFor(async () => (await emailRow(db, id)).status === "sent");
    } finally {
      await stop();
      await smtp.close();
    }

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.from).toBe("noreply@arkikaveri.fi");
    expect(mail.to).toEqual(["aino.asiakas@example.com"]);

    const root = parseMime(mail.raw);
    expect(decodeHeader(root.headers.get("subject") ?? "")).toBe(message.subject);
    expect(root.headers.get("reply-to")).toBe("asiakaspalvelu@arkikaveri.fi");
    const leaves = leafParts(root);
    const html = leaves.find((part) => part.headers.get("content-type")?.startsWith("text/html"));
    const text = leaves.find(
      (part) => part.headers.get("content-type")?.startsWith("text/plain") && !part.headers.has("content-disposition"),
    );
    const pdf = leaves.find((part) => part.headers.get("content-type")?.startsWith("application/pdf"));
    expect(html?.body.toString("utf8")).toBe(message.html.replace(/\r?\n/g, "\r\n"));
    expect(text?.body.toString("utf8")).toBe(message.text.replace(/\r?\n/g, "\r\n"));
    expect(pdf?.headers.get("content-disposition")).toMatch(/^attachment; filename=lasku-ORD-1001\.pdf/);
    expect(pdf?.body.equals(invoicePdf)).toBe(true);

    const email = await emailRow(db, id);
    expect(email.sent_at).toBeInstanceOf(Date);
    expect(await jobForEmail(db, id)).toMatchObject({
      status: "done",
      attempts: 1,
      last_error: null,
      locked_by: null,
    });
  });

  it("retries later when the SMTP server refuses, and gives up after the last attempt", async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    useSmtp(smtp.url);
    try {
      const id = await sendEmail(db, confirmationMessage());
      await db.updateTable("jobs").set({ max_attempts: 2 }).execute();

      const [dbNow] = await sql<{ now: Date }>`select now() as now`.execute(db).then((r) => r.rows);
      expect(await runDueJobs(db, { workerId: "w1" })).toEqual([
        expect.objectContaining({ type: "email.deliver", outcome: "retry" }),
      ]);
      const retried = await jobForEmail(db, id);
      expect(retried).toMatchObject({ status: "pending", attempts: 1, locked_by: null, finished_at: null });
      expect(retried.last_error).toMatch(/recipients were rejected|451/i);
      // First retry: 30 s less at most a fifth of jitter.
      const delayMs = new Date(retried.run_at as unknown as Date).getTime() - dbNow.now.getTime();
      expect(delayMs).toBeGreaterThanOrEqual(23_000);
      expect(delayMs).toBeLessThanOrEqual(40_000);
      // Handed to SMTP once, refused: marked "sending" with the Message-ID it keeps on every retry.
      expect((await emailRow(db, id)).status).toBe("sending");

      // Not due yet: a worker round leaves it alone.
      expect(await runDueJobs(db, { workerId: "w1" })).toEqual([]);

      await db.updateTable("jobs").set({ run_at: sql`now()` }).execute();
      expect(await runDueJobs(db, { workerId: "w1" })).toEqual([expect.objectContaining({ outcome: "failed" })]);
      const failed = await jobForEmail(db, id);
      expect(failed).toMatchObject({ status: "failed", attempts: 2 });
      expect(failed.finished_at).toBeInstanceOf(Date);
      expect(failed.last_error).toMatch(/recipients were rejected|451/i);
      expect((await emailRow(db, id)).status).toBe("failed");
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("keeps the e-mail in the database when SMTP_URL is not set", async () => {
    const id = await sendEmail(db, confirmationMessage());
    expect(await runDueJobs(db, { workerId: "w1" })).toEqual([expect.objectContaining({ outcome: "done" })]);
    const email = await emailRow(db, id);
    expect(email.status).toBe("kept");
    expect(email.sent_at).toBeNull();
    expect((await jobForEmail(db, id)).status).toBe("done");
  });

  it("never hands one job to two workers running at the same time", async () => {
    const smtp = await startSmtpServer();
    useSmtp(smtp.url);
    const count = 24;
    try {
      for (let i = 1; i <= count; i++) await sendEmail(db, confirmationMessage({ subject: `Viesti ${i}`, attachments: [] }));

      async function drain(workerId: string) {
        const processed: string[] = [];
        for (;;) {
          const round = await runDueJobs(db, { workerId, limit: 3 });
          if (round.length === 0) return processed;
          processed.push(...round.map((job) => job.id));
        }
      }
      const [a, b] = await Promise.all([drain("worker-a"), drain("worker-b")]);

      expect(new Set([...a, ...b]).size).toBe(count);
      expect(a.length + b.length).toBe(count);
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      const subjects = smtp.received.map((mail) => decodeHeader(parseMime(mail.raw).headers.get("subject") ?? ""));
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
      const jobs = await db.selectFrom("jobs").select(["status", "attempts"]).execute();
      expect(jobs.every((job) => job.status === "done" && job.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  // PGlite has a single connection: a transaction holding it would stall any other query, so
  // this proof of SKIP LOCKED needs a real server (DATABASE_URL).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "skips, without waiting, jobs another worker holds locked",
    async () => {
      const lockedEmail = await sendEmail(db, confirmationMessage({ subject: "Lukittu" }));
      const freeEmail = await sendEmail(db, confirmationMessage({ subject: "Vapaa" }));
      const lockedJob = await jobForEmail(db, lockedEmail);

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = db.transaction().execute(async (trx) => {
        await trx.selectFrom("jobs").select("id").where("id", "=", lockedJob.id).forUpdate().execute();
        locked();
        await released;
      });
      await isLocked;
      try {
        const round = await runDueJobs(db, { workerId: "w1" });
        expect(round.map((job) => job.id)).toEqual([(await jobForEmail(db, freeEmail)).id]);
      } finally {
        release();
        await holder;
      }
      expect((await jobForEmail(db, lockedEmail)).status).toBe("pending");
    },
  );

  it("records an unknown job type as a clear error and keeps running", async () => {
    await db
      .insertInto("jobs")
      .values({ type: "no.such_job", payload: JSON.stringify({}), max_attempts: 1 })
      .execute();
    const id = await sendEmail(db, confirmationMessage());

    const stop = startWorker(db, { pollMs: 20 });
    try {
      await waitFor(async () => (await emailRow(db, id)).status === "kept");
      await waitFor(async () => {
        const job = await db.selectFrom("jobs").select("status").where("type", "=", "no.such_job").executeTakeFirstOrThrow();
        return job.status === "failed";
      });
    } finally {
      await stop();
    }
    const unknown = await db.selectFrom("jobs").selectAll().where("type", "=", "no.such_job").executeTakeFirstOrThrow();
    expect(unknown.last_error).toContain('Unknown job type "no.such_job"');
  });

  it("returns a job left running by a crashed worker to the queue once its lease (30 s) runs out", async () => {
    const id = await sendEmail(db, confirmationMessage());
    await db
      .updateTable("jobs")
      .set({ status: "running", attempts: 1, locked_by: "crashed", locked_at: sql`now() - interval '31 seconds'` })
      .execute();
    const recent = await sendEmail(db, confirmationMessage({ subject: "Juuri otettu" }));
    await db
      .updateTable("jobs")
      .set({ status: "running", attempts: 1, locked_by: "busy", locked_at: sql`now() - interval '10 seconds'` })
      .where(sql<boolean>`payload->>'emailId' = ${recent}`)
      .execute();

    expect(await runDueJobs(db, { workerId: "w1" })).toEqual([expect.objectContaining({ outcome: "done" })]);
    expect(await jobForEmail(db, id)).toMatchObject({ status: "done", attempts: 2 });
    expect((await jobForEmail(db, id)).last_error).toContain("crashed");
    expect(await jobForEmail(db, recent)).toMatchObject({ status: "running", locked_by: "busy" });
  });

  it("stops cleanly: waits for the delivery in progress, then takes no more jobs", async () => {
    const smtp = await startSmtpServer({ delayMs: 400 });
    useSmtp(smtp.url);
    try {
      const id = await sendEmail(db, confirmationMessage());
      const stop = startWorker(db, { pollMs: 20 });
      await waitFor(async () => (await jobForEmail(db, id)).status === "running");
      await stop();
      // The slow delivery finished before stop() resolved; nothing is left half-done.
      expect(smtp.received).toHaveLength(1);
      expect((await emailRow(db, id)).status).toBe("sent");
      expect((await jobForEmail(db, id)).status).toBe("done");

      const later = await sendEmail(db, confirmationMessage({ subject: "Pysäytyksen jälkeen" }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await jobForEmail(db, later)).status).toBe("pending");
      await stop();
    } finally {
      await smtp.close();
    }
  });
});

describe("the dev mailbox", () => {
  it("lists e-mails newest first and shows one with its links, attachments and HTML", async () => {
    const emptyList = await listLoader(loaderArgs("/dev/sahkopostit"));
    expect(emptyList).toMatchObject({ total: 0, emails: [], page: 1 });

    const first = await sendEmail(db, confirmationMessage({ subject: "Ensimmäinen" }));
    await sql`update emails set created_at = now() - interval '1 hour' where id = ${first}`.execute(db);
    const id = await sendEmail(db, confirmationMessage());
    await runDueJobs(db, { workerId: "w1" });

    const list = await listLoader(loaderArgs("/dev/sahkopostit"));
    expect(list.total).toBe(2);
    expect(list.emails.map((email) => email.subject)).toEqual([confirmationMessage().subject, "Ensimmäinen"]);
    expect(list.emails[0]).toMatchObject({ to: "aino.asiakas@example.com", status: "Tallennettu" });
    expect(list.emails[0].time).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4} klo \d{2}\.\d{2}$/);

    const detail = await messageLoader(loaderArgs(`/dev/sahkopostit/${id}`, { id }));
    expect(detail.email).toMatchObject({ subject: confirmationMessage().subject, replyTo: "asiakaspalvelu@arkikaveri.fi" });
    expect(detail.links).toContainEqual({
      href: "http://localhost:3000/vahvista?token=abc123&lahde=rekisteroityminen",
      followable: true,
    });
    expect(detail.attachments).toEqual([
      expect.objectContaining({ index: 0, filename: "lasku-ORD-1001.pdf", contentType: "application/pdf" }),
    ]);

    const html = await htmlLoader(loaderArgs(`/dev/sahkopostit/${id}/html`, { id }));
    expect(html.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await html.text()).toBe(confirmationMessage().html);

    const file = await attachmentLoader(loaderArgs(`/dev/sahkopostit/${id}/liitteet/0`, { id, index: "0" }));
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="lasku-ORD-1001.pdf"; filename*=UTF-8''lasku-ORD-1001.pdf`,
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(invoicePdf)).toBe(true);

    await expectNotFound(attachmentLoader(loaderArgs("", { id, index: "1" })));
    await expectNotFound(messageLoader(loaderArgs("", { id: "00000000-0000-4000-8000-000000000000" })));
    await expectNotFound(messageLoader(loaderArgs("", { id: "not-a-uuid" })));
  });

  it("pages the list", async () => {
    for (let i = 1; i <= 27; i++) await sendEmail(db, confirmationMessage({ subject: `Sivutus ${i}`, attachments: [] }));
    const second = await listLoader(loaderArgs("/dev/sahkopostit?sivu=2"));
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 27 });
    expect(second.emails).toHaveLength(2);
    const beyond = await listLoader(loaderArgs("/dev/sahkopostit?sivu=9"));
    expect(beyond.page).toBe(2);
  });

  it("does not exist in production or when SMTP is configured", async () => {
    const id = await sendEmail(db, confirmationMessage());
    const loaders = [
      () => listLoader(loaderArgs("/dev/sahkopostit")),
      () => messageLoader(loaderArgs("", { id })),
      () => htmlLoader(loaderArgs("", { id })),
      () => attachmentLoader(loaderArgs("", { id, index: "0" })),
    ];

    process.env.NODE_ENV = "production";
    process.env.SESSION_SECRET = "a-test-secret-of-sufficient-length";
    process.env.ALTCHA_HMAC_KEY = "a-test-bot-check-key-of-sufficient-length";
    resetEnvCache();
    for (const load of loaders) await expectNotFound(load());

    process.env.NODE_ENV = "test";
    useSmtp("smtp://127.0.0.1:2525");
    for (const load of loaders) await expectNotFound(load());

    useSmtp(undefined);
    await expect(listLoader(loaderArgs("/dev/sahkopostit"))).resolves.toMatchObject({ total: 1 });
  });
});
