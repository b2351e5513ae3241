import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { formatReferenceNumber } from "~/domain/reference-number";
import { loader as attachmentLoader } from "~/routes/dev.sahkopostit.$id.liitteet.$index";
import { action as newPasswordAction, loader as newPasswordLoader } from "~/routes/auth.uusi-salasana";
import { enqueueBookingConfirmation } from "~/services/booking-emails.server";
import { createInvoiceForOrder } from "~/services/invoices.server";
import { resetEnvCache } from "~/env.server";
import { deliverEmail, resetMailTransport } from "~/services/mailer.server";
import { verifyPassword } from "~/services/password.server";
import { answerOf, contextFor, getRequest, postRequest, tokenFromLinks } from "./support/auth";
import { createTestCaregiver, createTestOrder, pdfTextContent, unfoldIcs, type TestOrderOptions } from "./support/booking-fixtures";
import { leafParts, parseMime, startSmtpServer } from "./support/smtp";

let db: DB;

beforeAll(async () => {
  db = await getDb();
});

/** Books as the booking transaction would: an invoice order gets its invoice, then the e-mail. */
async function confirmedBooking(options: TestOrderOptions) {
  const order = await createTestOrder(options);
  const invoice = await db.transaction().execute(async (trx) => {
    const created = options.paymentMethod === "invoice" ? await createInvoiceForOrder(trx, order.orderId) : null;
    await enqueueBookingConfirmation(trx, order.orderId);
    return created;
  });
  const emails = await db
    .selectFrom("emails")
    .selectAll()
    .where("to_address", "=", order.email)
    .orderBy("created_at", "desc")
    .execute();
  expect(emails).toHaveLength(1);
  const email = emails[0];
  const links = [...email.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
  return { order, invoice, email, links };
}

function attachment(email: { attachments: Array<{ filename: string; contentType: string; content: string }> }, suffix: string) {
  return email.attachments.find((a) => a.filename.endsWith(suffix));
}

describe("the booking confirmation e-mail", () => {
  it("summarises the booking for the customer in Finnish", async () => {
    const caregiverId = await createTestCaregiver(db, "Aino Äijälä");
    const { order, email } = await confirmedBooking({
      paymentMethod: "invoice",
      caregiverId,
      discount: { code: "TERVETULOA", amountCents: 1000 },
    });
    expect(email.subject).toBe(`Varausvahvistus ${order.orderNumber} – Arkikaveri`);
    expect(email.html).toContain('lang="fi"');
    for (const expected of [
      `Tilausnumero: ${order.orderNumber}`,
      "Palvelu: Asiointiapu",
      "Päivä: lauantai 5.12.2026",
      "Aika: klo 14.00–16.00",
      "Kesto: 2 tuntia",
      "Osoite: Kotikatu 3 B 7, 00500 Helsinki",
      "Kaveri: Aino Äijälä",
      `Hinta: ${formatEuros(8000)} (2 h × ${formatEuros(4000)})`,
      `Alennus (TERVETULOA): -${formatEuros(1000)}`,
      `Yhteensä: ${formatEuros(7000)} (sis. alv 25,5 %)`,
      "Maksutapa: lasku, maksuaika 14 päivää.",
    ]) {
      expect(email.text).toContain(expected);
    }
  });

  it("says the helper will be chosen when none was picked", async () => {
    const { email } = await confirmedBooking({ paymentMethod: "invoice" });
    expect(email.text).toContain("\nKaveri valitaan puolestasi\n");
    expect(email.text).not.toContain("Kaveri: ");
  });

  it("goes to the payer and names the recipient when booked for someone else", async () => {
    const { order, email } = await confirmedBooking({ paymentMethod: "invoice", bookingFor: "other", email: "omainen@example.fi" });
    expect(email.to_address).toBe("omainen@example.fi");
    expect(email.text).toContain("Palvelun saaja: Väinö Öhman, puh. 0509876543");
    expect(email.text).toContain("Osoite: Vanhustentie 9, 00800 Helsinki");
    expect(order.email).toBe("omainen@example.fi");
  });

  it("attaches a calendar file for the visit", async () => {
    const { order, email } = await confirmedBooking({ paymentMethod: "online", status: "pending" });
    const ics = attachment(email, ".ics");
    expect(ics).toBeDefined();
    expect(ics!.filename).toBe(`varaus-${order.orderNumber}.ics`);
    expect(ics!.contentType).toMatch(/^text\/calendar/);
    const lines = unfoldIcs(Buffer.from(ics!.content, "base64").toString("utf8")).split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines).toContain("END:VCALENDAR");
    // 14.00–16.00 Helsinki time on 5.12.2026 is 12.00–14.00 UTC.
    expect(lines).toContain("DTSTART:20261205T120000Z");
    expect(lines).toContain("DTEND:20261205T140000Z");
    expect(lines).toContain("SUMMARY:Arkikaveri: Asiointiapu");
    expect(lines).toContain("LOCATION:Kotikatu 3 B 7\\, 00500 Helsinki");
    expect(lines.find((l) => l.startsWith("UID:"))).toContain(order.orderId);
    // An online order has no invoice to attach.
    expect(attachment(email, ".pdf")).toBeUndefined();
    expect(email.text).toContain("Maksutapa: verkkomaksu");
  });

  it("attaches the invoice PDF to an invoice order's confirmation, drawn by the delivery job", async () => {
    const { order, email, invoice } = await confirmedBooking({ paymentMethod: "invoice" });
    // Queued without the PDF: the booking's transaction does not wait for it to be drawn.
    expect(attachment(email, ".pdf")).toEqual({
      filename: `lasku-${invoice!.invoiceNumber}.pdf`,
      contentType: "application/pdf",
      content: "",
      deferred: { kind: "invoice_pdf", orderId: order.orderId },
    });

    // The dev mailbox draws it for a download before the job has run.
    const index = email.attachments.findIndex((a) => a.filename.endsWith(".pdf"));
    const download = await attachmentLoader({
      request: new Request(`http://localhost/dev/sahkopostit/${email.id}/liitteet/${index}`),
      params: { id: email.id, index: String(index) },
      context: { cspNonce: "test-nonce" },
    });
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await deliverEmail(db, email.id, { isFinalAttempt: false });
    const delivered = await db.selectFrom("emails").selectAll().where("id", "=", email.id).executeTakeFirstOrThrow();
    expect(delivered.status).toBe("kept");
    expect(delivered.attachments.map((a) => a.filename)).toEqual(email.attachments.map((a) => a.filename));
    const pdf = attachment(delivered, ".pdf");
    expect(pdf).toEqual({ filename: `lasku-${invoice!.invoiceNumber}.pdf`, contentType: "application/pdf", content: expect.any(String) });
    const bytes = Buffer.from(pdf!.content, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfTextContent(bytes)).toContain(formatReferenceNumber(invoice!.referenceNumber));
    expect(email.text).toContain(`viitenumero ${formatReferenceNumber(invoice!.referenceNumber)}`);
  });

  it("sends the drawn invoice PDF over SMTP, the same bytes it keeps", async () => {
    const { email, invoice } = await confirmedBooking({ paymentMethod: "invoice" });
    const smtp = await startSmtpServer();
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    resetMailTransport();
    try {
      await deliverEmail(db, email.id, { isFinalAttempt: false });
    } finally {
      delete process.env.SMTP_URL;
      resetEnvCache();
      resetMailTransport();
      await smtp.close();
    }
    const sent = await db.selectFrom("emails").selectAll().where("id", "=", email.id).executeTakeFirstOrThrow();
    expect(sent.status).toBe("sent");
    expect(smtp.received).toHaveLength(1);
    const pdfPart = leafParts(parseMime(smtp.received[0].raw)).find((part) => part.headers.get("content-type")?.startsWith("application/pdf"));
    expect(pdfPart?.headers.get("content-disposition")).toContain(`lasku-${invoice!.invoiceNumber}.pdf`);
    expect(pdfPart?.body.equals(Buffer.from(attachment(sent, ".pdf")!.content, "base64"))).toBe(true);
  });

  it("refuses an invoice order whose invoice has not been created", async () => {
    const order = await createTestOrder({ paymentMethod: "invoice" });
    await expect(db.transaction().execute((trx) => enqueueBookingConfirmation(trx, order.orderId))).rejects.toThrow(/no invoice/);
  });
});

describe("finishing a guest profile from the confirmation e-mail", () => {
  it("sends a single-use set-password link to a profile without a password, which the reset page accepts", async () => {
    const { order, links, email } = await confirmedBooking({ paymentMethod: "invoice", hasPassword: false });
    expect(email.text).toContain("Viimeistele profiilisi");
    const token = tokenFromLinks(links, "/auth/uusi-salasana");
    const stored = await db
      .selectFrom("auth_tokens")
      .select(["purpose", sql<number>`extract(epoch from expires_at - created_at)::int`.as("ttl")])
      .where("user_id", "=", order.profileId)
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe("set_password");
    expect(stored.ttl).toBeGreaterThanOrEqual(14 * 24 * 3600 - 5);

    const page = await answerOf(() =>
      newPasswordLoader({ request: getRequest(`/auth/uusi-salasana?token=${token}`), params: {}, context: contextFor() }),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ token, purpose: "set_password" });

    const fields = { token, password: "Uusisalasana1", confirmPassword: "Uusisalasana1" };
    const saved = await answerOf(() =>
      newPasswordAction({ request: postRequest("/auth/uusi-salasana", fields), params: {}, context: contextFor() }),
    );
    expect(saved.status).toBe(302);
    // Signed in at once: the link and the new password are proof enough.
    expect(saved.location).toBe("/portal");
    const profile = await db
      .selectFrom("profiles")
      .select(["password_hash", "email_confirmed_at"])
      .where("id", "=", order.profileId)
      .executeTakeFirstOrThrow();
    expect(profile.password_hash).not.toBeNull();
    expect(await verifyPassword(profile.password_hash!, "Uusisalasana1")).toBe(true);
    expect(profile.email_confirmed_at).not.toBeNull();

    // Single use: the same link does nothing the second time.
    const again = await answerOf(() =>
      newPasswordAction({ request: postRequest("/auth/uusi-salasana", fields), params: {}, context: contextFor() }),
    );
    expect(again.status).toBe(400);
  });

  it("sends no set-password link when the profile already has a password", async () => {
    const { order, links, email } = await confirmedBooking({ paymentMethod: "invoice", hasPassword: true });
    expect(links.some((link) => new URL(link).pathname === "/auth/uusi-salasana")).toBe(false);
    expect(email.text).not.toContain("Viimeistele profiilisi");
    const tokens = await db.selectFrom("auth_tokens").select("id").where("user_id", "=", order.profileId).execute();
    expect(tokens).toHaveLength(0);
  });
});
